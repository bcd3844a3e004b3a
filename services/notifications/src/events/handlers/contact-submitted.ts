import { on } from '@betterplus/kit';
import { ContactSubmittedEvent } from '@betterplus/events';
import { contactAcknowledgementEmail, contactSupportEmail } from '../../domain/emails/contact.ts';
import type { HandlerDeps } from './deps.ts';

/**
 * Forwards a contact message to support, then acknowledges it to the sender. Support's copy goes
 * first: if the acknowledgement then fails, the retry may send support a second copy, which is
 * better than a sender told "we have it" when support does not.
 */
export const onContactSubmitted = ({ deliver, supportEmail }: HandlerDeps) =>
  on(ContactSubmittedEvent, async (event, { tx, envelope }) => {
    await deliver(tx, envelope.eventId, 'contact_support', contactSupportEmail(event, supportEmail));
    await deliver(tx, envelope.eventId, 'contact_acknowledgement', contactAcknowledgementEmail(event));
  });
