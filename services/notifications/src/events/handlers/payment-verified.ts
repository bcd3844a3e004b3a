import { on } from '@betterplus/kit';
import { PaymentVerifiedEvent } from '@betterplus/events';
import { mailUser, paymentReceipt } from '../../use-cases/user-mail.ts';
import type { HandlerDeps } from './deps.ts';

/** The receipt of a Premium charge, with the link to its invoice. */
export const onPaymentVerified = (deps: HandlerDeps) => on(PaymentVerifiedEvent, (event, context) => mailUser(deps, paymentReceipt, event.userId, context));
