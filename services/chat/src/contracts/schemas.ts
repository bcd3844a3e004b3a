// Shapes chat's routes share, declared once: the routes validate and document them (the web's
// client is generated from that document), and the queries in db/ that read them return these types.
import { Type, type Static } from '@betterplus/kit';

/** The longest reason of a mark kept, after trimming. */
export const REASON_MAX = 500;

/** An entry of the knowledge base an answer drew on, shown under it as a link. */
export const Source = Type.Object({ id: Type.String(), title: Type.String(), kind: Type.String(), url: Type.String() });
export type Source = Static<typeof Source>;

/** The user's mark of an answer in their history. */
export const Feedback = Type.Object({
  helpful: Type.Boolean(),
  reason: Type.Union([Type.String({ maxLength: REASON_MAX }), Type.Null()], { description: "Why, in the user's words; null when none was given" }),
});
export type Feedback = Static<typeof Feedback>;

const listed = {
  id: Type.String(),
  kind: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  states: Type.Array(Type.String()),
  causes: Type.Array(Type.String({ description: "An id such as 'women-and-gender'" })),
  as_of: Type.String({ format: 'date', description: 'The day its facts were checked' }),
};

/** A knowledge base entry as a list shows it. */
export const ListedEntry = Type.Object(listed);
export type ListedEntry = Static<typeof ListedEntry>;

/** A knowledge base entry whole, with its sources. */
export const FullEntry = Type.Object({
  ...listed,
  body: Type.String(),
  questions: Type.Array(Type.String()),
  sources: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })),
});
export type FullEntry = Static<typeof FullEntry>;
