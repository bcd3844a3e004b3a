// Shared by the event tests: publishing as identity and billing would, and reading what was delivered.
import assert from 'node:assert/strict';
import { createPublicKey, randomInt, randomUUID } from 'node:crypto';
import {
  ContactSubmittedEvent,
  OtpRequestedEvent,
  PasswordResetRequestedEvent,
  PaymentFailedEvent,
  PaymentVerifiedEvent,
  PlanExpiredEvent,
  SubscriptionCancelledEvent,
  UserRegisteredEvent,
  UserUpdatedEvent,
} from '@betterplus/events';
import { after, before } from 'node:test';
import { createSecretSealer, deadLetterTopic, sealedSecretContext, type BusMessage, type RunningService, type Subscription } from '@betterplus/kit';
import { createTestStack, eventually, type TestStack } from '@betterplus/kit/testing';
import { notificationsService } from '../../src/app.ts';
import type { NotificationsConfig } from '../../src/config.ts';

type Service = RunningService<NotificationsConfig>;

/** A protobuf Timestamp init `minutes` from now (plain shape: no protobuf runtime needed). */
export const inMinutes = (minutes: number) => ({ seconds: BigInt(Math.floor(Date.now() / 1000) + minutes * 60), nanos: 0 });

/** A protobuf Timestamp init of an instant. */
export const timestampOf = (instant: Date) => ({ seconds: BigInt(Math.floor(instant.getTime() / 1000)), nanos: (instant.getTime() % 1000) * 1_000_000 });

/** A code no other test in the file uses, so mail can be told apart. */
export const freshCode = (): string => String(randomInt(100_000, 1_000_000));

/** Seals `secret` as identity does, to the public half of the service's own private key. */
export function sealFor(service: Service, secret: string, eventType: string, email: string): Uint8Array {
  const publicKeyPem = createPublicKey(service.deps.config.NOTIFICATIONS_PRIVATE_KEY).export({ type: 'spki', format: 'pem' });
  return createSecretSealer(publicKeyPem)(secret, sealedSecretContext(eventType, email));
}

/** An OtpRequested payload as identity makes it: the code only sealed. */
export const otpPayload = (service: Service, email: string, code: string) => ({
  email,
  name: 'Kavya Menon',
  sealedCode: sealFor(service, code, OtpRequestedEvent.schema.typeName, email),
  expiresAt: inMinutes(10),
});

/** Publishes through the service's own outbox, the way identity's transaction would. */
export const publish = {
  otpRequested: (service: Service, email: string, code: string) =>
    service.deps.uow.run((tx) => tx.publish(OtpRequestedEvent, email, otpPayload(service, email, code))),
  passwordResetRequested: (service: Service, email: string, token: string) => {
    const userId = randomUUID();
    const sealedToken = sealFor(service, token, PasswordResetRequestedEvent.schema.typeName, email);
    return service.deps.uow.run((tx) =>
      tx.publish(PasswordResetRequestedEvent, userId, { userId, name: 'Kavya Menon', email, sealedToken, expiresAt: inMinutes(30) }),
    );
  },
  userRegistered: (service: Service, email: string, { userId = randomUUID(), name = 'Kavya Menon' }: { userId?: string; name?: string } = {}) =>
    service.deps.uow.run((tx) => tx.publish(UserRegisteredEvent, userId, { userId, name, email, registeredAt: inMinutes(0) })),
  userUpdated: (service: Service, userId: string, name: string, email: string) =>
    service.deps.uow.run((tx) => tx.publish(UserUpdatedEvent, userId, { userId, name, email })),
  contactSubmitted: (service: Service, email: string, subject: string) =>
    service.deps.uow.run((tx) =>
      tx.publish(ContactSubmittedEvent, email, { messageId: randomUUID(), name: 'Kavya Menon', email, subject, message: 'Where can I volunteer in Kochi?' }),
    ),
  /** Billing's events, keyed by user id as billing publishes them; the values are those of a Premium month. */
  paymentVerified: (service: Service, userId: string, payment: { invoiceId?: bigint; periodStart?: Date; periodEnd?: Date } = {}) => {
    const { invoiceId = 42n, periodStart = new Date('2026-03-04T20:00:00Z'), periodEnd = new Date('2026-04-04T20:00:00Z') } = payment;
    return service.deps.uow.run((tx) =>
      tx.publish(PaymentVerifiedEvent, userId, {
        userId,
        paymentId: `pay_${randomUUID().slice(0, 14)}`,
        providerSubscriptionId: 'sub_test',
        invoiceId,
        invoiceNumber: `INV-${String(invoiceId).padStart(6, '0')}`,
        amountPaise: 249_900n,
        plan: 'premium',
        periodStart: timestampOf(periodStart),
        periodEnd: timestampOf(periodEnd),
        verifiedAt: inMinutes(0),
      }),
    );
  },
  paymentFailed: (service: Service, userId: string, reason = 'Payment was declined by the bank') =>
    service.deps.uow.run((tx) =>
      tx.publish(PaymentFailedEvent, userId, {
        userId,
        paymentId: 'pay_failed',
        providerSubscriptionId: 'sub_test',
        amountPaise: 249_900n,
        reason,
        failedAt: inMinutes(0),
      }),
    ),
  subscriptionCancelled: (service: Service, userId: string, accessUntil: Date) =>
    service.deps.uow.run((tx) =>
      tx.publish(SubscriptionCancelledEvent, userId, {
        userId,
        providerSubscriptionId: 'sub_test',
        accessUntil: timestampOf(accessUntil),
        cancelledAt: inMinutes(0),
      }),
    ),
  planExpired: (service: Service, userId: string) =>
    service.deps.uow.run((tx) => tx.publish(PlanExpiredEvent, userId, { userId, plan: 'premium', expiredAt: inMinutes(0) })),
};

/** The mails of an event that the mail server accepted. */
export async function deliveriesOf(service: Service, eventId: string): Promise<{ kind: string; recipient: string }[]> {
  const { rows } = await service.deps.db.query<{ kind: string; recipient: string }>(
    'SELECT kind, recipient FROM email_deliveries WHERE event_id = $1 AND sent_at IS NOT NULL ORDER BY kind',
    [eventId],
  );
  return rows;
}

export async function failuresOf(service: Service, eventId: string): Promise<{ kind: string; error: string }[]> {
  const { rows } = await service.deps.db.query<{ kind: string; error: string }>(
    'SELECT kind, error FROM email_delivery_failures WHERE event_id = $1 ORDER BY failed_at',
    [eventId],
  );
  return rows;
}

/** The rows once there are at least `atLeast` of them; a mail is marked sent a moment after the server took it. */
export const eventuallyRows = <Row>(rows: () => Promise<Row[]>, atLeast = 1): Promise<Row[]> =>
  eventually(async () => {
    const found = await rows();
    return found.length >= atLeast ? found : undefined;
  });

/**
 * notifications on a fresh test stack for the enclosing describe (started before its tests,
 * closed after), with every dead letter it writes collected in `deadLetters`.
 */
export function notificationsForSuite(): { service: () => Service; deadLetters: BusMessage[] } {
  let stack: TestStack | undefined;
  let service: Service | undefined;
  let deadLetterWatch: Subscription | undefined;
  const deadLetters: BusMessage[] = [];
  before(async () => {
    stack = await createTestStack();
    service = await stack.start(notificationsService, { PUBLIC_URL: 'https://betterplus.example' });
    deadLetterWatch = await service.deps.bus.subscribe({
      group: 'dead-letter-watch',
      topics: [deadLetterTopic('notifications')],
      handle: async (message) => {
        deadLetters.push(message);
      },
    });
  });
  after(async () => {
    await deadLetterWatch?.stop();
    await stack?.close();
  });
  return { service: () => service ?? assert.fail('notifications has not started'), deadLetters };
}
