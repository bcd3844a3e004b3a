import { randomUUID } from 'node:crypto';
import type { UnitOfWork } from '@betterplus/kit';
import { ContactSubmittedEvent } from '@betterplus/events';
import { insertContactMessage } from '../db/contact-messages.ts';
import type { ContactForm } from '../domain/contact-form.ts';

/** Keeps a contact form's message and tells the handler that mails it, in one transaction; `sender` keys the event. */
export async function submitContactMessage(uow: UnitOfWork, form: ContactForm, sender: string): Promise<void> {
  const id = randomUUID();
  await uow.run(async (tx) => {
    await insertContactMessage(tx, { id, ...form });
    await tx.publish(ContactSubmittedEvent, sender, { messageId: id, ...form });
  });
}
