// Shapes several billing routes share, declared once: the routes validate and document them, and
// the web's client is generated from that document.
import { Type, type Static } from '@betterplus/kit';

/** A state or union territory: its two-digit GST state code and its name. */
export const IndianState = Type.Object({ code: Type.String(), name: Type.String() });
export type IndianState = Static<typeof IndianState>;

/** The signed-in user's plan and allowance; `plan` is 'basic' for the free plan once held. */
export const Subscription = Type.Object({
  plan: Type.Union([Type.Literal('basic'), Type.Literal('premium')]),
  active: Type.Boolean(),
  status: Type.Enum(['active', 'cancelled', 'halted', 'expired']),
  queriesUsed: Type.Integer(),
  queriesLimit: Type.Integer(),
  endDate: Type.String({ format: 'date-time' }),
});
export type Subscription = Static<typeof Subscription>;

/** What the provider's checkout hands the browser after a payment, and the browser hands verify-payment as is. */
export const PaymentConfirmation = Type.Object(
  {
    razorpay_payment_id: Type.String({ minLength: 1, maxLength: 64 }),
    razorpay_subscription_id: Type.String({ minLength: 1, maxLength: 64 }),
    razorpay_signature: Type.String({ minLength: 1, maxLength: 128 }),
  },
  { additionalProperties: false },
);
