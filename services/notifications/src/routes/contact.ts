import { ErrorResponse, Type, badRequest, enforceRateLimit, type Cache, type ServiceApp, type UnitOfWork } from '@betterplus/kit';
import { contactLimits, describeContactProblem, normalizeContactForm, type ContactField, type ContactProblem } from '../domain/contact-form.ts';
import { submitContactMessage } from '../use-cases/contact-message.ts';

/** Required, at most the limit, and not only blanks (`\S`: at least one visible character). */
const field = (name: ContactField) => Type.String({ maxLength: contactLimits[name], pattern: '\\S' });

const ContactBody = Type.Object(
  { name: field('name'), email: Type.String({ format: 'email', maxLength: contactLimits.email }), subject: field('subject'), message: field('message') },
  { additionalProperties: false },
);

const isContactField = (name: string): name is ContactField => Object.hasOwn(contactLimits, name);

/** What the route reads of a validator error (Ajv's shape). */
interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

/** The first schema violation as a sentence for the form, rather than the validator's wording. */
function contactProblem(error: SchemaError | undefined): ContactProblem {
  if (!error) return { rule: 'malformed' };
  const name = error.keyword === 'required' ? String(error.params.missingProperty) : error.instancePath.slice(1);
  if (!isContactField(name)) return { rule: 'malformed' };
  if (error.keyword === 'maxLength') return { field: name, rule: 'too_long' };
  if (error.keyword === 'format') return { field: name, rule: 'invalid_email' };
  // required, pattern (only blanks) or type: nothing usable was given.
  return { field: name, rule: 'missing' };
}

const oneHour = 3600;
const tooMany = 'Too many messages. Please try again later.';

export interface ContactRouteDeps {
  uow: UnitOfWork;
  cache: Cache;
  limits: { perEmailPerHour: number; perIpPerHour: number };
  supportEmail: string;
}

export function contactRoutes(app: ServiceApp, deps: ContactRouteDeps): void {
  // The contact page and the profile show the address operators configured, not a copy of it.
  app.get(
    '/api/contact/info',
    { schema: { summary: 'Where people can write to support', response: { 200: Type.Object({ supportEmail: Type.String() }) } } },
    async () => ({ supportEmail: deps.supportEmail }),
  );

  app.post(
    '/api/contact/submit',
    {
      schema: {
        summary: 'Send a message to support through the contact form',
        body: ContactBody,
        response: { 201: Type.Object({ message: Type.String() }), 400: ErrorResponse, 429: ErrorResponse },
      },
      schemaErrorFormatter: (errors) => badRequest(describeContactProblem(contactProblem(errors[0]))),
    },
    async (request, reply) => {
      const form = normalizeContactForm(request.body);
      // Per IP against floods, per address so nobody can make us mail one person over and over.
      await enforceRateLimit(deps.cache, { key: `contact:ip:${request.ip}`, limit: deps.limits.perIpPerHour, windowSeconds: oneHour, message: tooMany });
      const sender = form.email.toLowerCase();
      await enforceRateLimit(deps.cache, { key: `contact:email:${sender}`, limit: deps.limits.perEmailPerHour, windowSeconds: oneHour, message: tooMany });
      await submitContactMessage(deps.uow, form, sender);
      return reply.status(201).send({ message: 'Message sent successfully!' });
    },
  );
}
