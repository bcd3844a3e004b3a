import type { Queryable } from '@betterplus/kit';

export async function insertContactMessage(
  db: Queryable,
  message: { id: string; name: string; email: string; subject: string; message: string },
): Promise<void> {
  await db.query('INSERT INTO contact_messages (id, name, email, subject, message) VALUES ($1, $2, $3, $4, $5)', [
    message.id,
    message.name,
    message.email,
    message.subject,
    message.message,
  ]);
}
