import { on, type Mailer } from '@betterplus/kit';
import { UserRegisteredEvent } from '@betterplus/events';
import { recordDelivery } from '../../db/deliveries.ts';
import { welcomeEmail } from '../../domain/emails.ts';

/** Greets every new account. A send that fails throws, so the event is retried, not lost. */
export const onUserRegistered = (mailer: Mailer, publicUrl: string) =>
  on(UserRegisteredEvent, async (event, { tx, envelope }) => {
    const message = welcomeEmail({ name: event.name, email: event.email }, publicUrl);
    const providerMessageId = await mailer.send(message);
    await recordDelivery(tx, { eventId: envelope.eventId, kind: 'welcome', recipient: message.to, subject: message.subject, providerMessageId });
  });
