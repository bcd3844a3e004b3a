import { on } from '@betterplus/kit';
import { UserUpdatedEvent } from '@betterplus/events';
import { updateCustomer } from '../../db/customers.ts';

/** A changed name (or email) is what later invoices are made out to. */
export const onUserUpdated = on(UserUpdatedEvent, async (event, { tx }) => {
  await updateCustomer(tx, { userId: event.userId, name: event.name, email: event.email });
});
