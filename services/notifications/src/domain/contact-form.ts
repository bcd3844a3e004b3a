/** Longest accepted value per contact form field (spec section 5 sets none; these keep mail sane). */
export const contactLimits = { name: 100, email: 254, subject: 200, message: 5000 } as const;

export type ContactField = keyof typeof contactLimits;

export type ContactProblem = { field: ContactField; rule: 'missing' | 'too_long' | 'invalid_email' } | { rule: 'malformed' };

const labels: Record<ContactField, string> = { name: 'Name', email: 'Email', subject: 'Subject', message: 'Message' };

/** The sentence the contact page shows under the form (it displays the server's `error`). */
export function describeContactProblem(problem: ContactProblem): string {
  switch (problem.rule) {
    case 'missing':
      return `${labels[problem.field]} is required.`;
    case 'too_long':
      return `${labels[problem.field]} must be at most ${contactLimits[problem.field]} characters.`;
    case 'invalid_email':
      return 'Please enter a valid email address.';
    case 'malformed':
      return 'Please send name, email, subject and message.';
  }
}

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  message: string;
}

/**
 * Trims every field; name and subject also become one line, since they end up in mail headers
 * and greetings. The message keeps its line breaks.
 */
export function normalizeContactForm(form: ContactForm): ContactForm {
  const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();
  return { name: oneLine(form.name), email: form.email.trim(), subject: oneLine(form.subject), message: form.message.trim() };
}
