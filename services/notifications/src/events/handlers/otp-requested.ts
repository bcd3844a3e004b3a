import { on, sealedSecretContext } from '@betterplus/kit';
import { OtpRequestedEvent } from '@betterplus/events';
import { otpEmail } from '../../domain/emails/otp.ts';
import { defaultValidMinutes, validMinutes } from '../../domain/validity.ts';
import { dateOf } from '../timestamps.ts';
import type { HandlerDeps } from './deps.ts';

/** Mails the one-time code that finishes a signup; the code arrives sealed to notifications' key. */
export const onOtpRequested = ({ deliver, openSecret }: HandlerDeps) =>
  on(OtpRequestedEvent, async (event, { tx, envelope }) => {
    const code = openSecret(event.sealedCode, sealedSecretContext(OtpRequestedEvent.schema.typeName, event.email));
    const minutes = validMinutes(dateOf(envelope.occurredAt), dateOf(event.expiresAt), defaultValidMinutes.otp);
    await deliver(tx, envelope.eventId, 'otp', otpEmail({ name: event.name, email: event.email }, code, minutes));
  });
