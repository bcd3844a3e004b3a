import { on, sealedSecretContext } from '@betterplus/kit';
import { PasswordResetRequestedEvent } from '@betterplus/events';
import { passwordResetEmail } from '../../domain/emails/password-reset.ts';
import { defaultValidMinutes, validMinutes } from '../../domain/validity.ts';
import { dateOf } from '../timestamps.ts';
import type { HandlerDeps } from './deps.ts';

/** Mails the link to the reset page with the token identity issued, which arrives sealed to notifications' key. */
export const onPasswordResetRequested = ({ deliver, publicUrl, openSecret }: HandlerDeps) =>
  on(PasswordResetRequestedEvent, async (event, { tx, envelope }) => {
    const token = openSecret(event.sealedToken, sealedSecretContext(PasswordResetRequestedEvent.schema.typeName, event.email));
    const minutes = validMinutes(dateOf(envelope.occurredAt), dateOf(event.expiresAt), defaultValidMinutes.passwordReset);
    await deliver(tx, envelope.eventId, 'password_reset', passwordResetEmail({ name: event.name, email: event.email }, token, publicUrl, minutes));
  });
