import { ErrorResponse, Type, notFound, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { findEntry, listEntries } from '../db/knowledge.ts';
import { CAUSES, KINDS, PLACES } from '../domain/knowledge-entry.ts';
import { FullEntry, ListedEntry } from '../contracts/schemas.ts';

const ListResponse = Type.Object({
  entries: Type.Array(ListedEntry),
  total: Type.Integer({ description: 'How many entries match, over all pages' }),
  kinds: Type.Array(Type.String()),
  states: Type.Array(Type.String()),
  causes: Type.Array(Type.String()),
});

/** Browsing the knowledge base beyond the chat: what an answer's source link opens. */
export function knowledgeRoutes(app: ServiceApp, deps: Pick<ServiceDeps, 'db' | 'authenticate'>): void {
  app.get(
    '/api/chat/knowledge',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'Entries of the knowledge base, by words, kind, state and cause; with the lists to filter by',
        querystring: Type.Object(
          {
            query: Type.Optional(Type.String({ maxLength: 200 })),
            kind: Type.Optional(Type.Enum(KINDS)),
            state: Type.Optional(Type.Enum(PLACES)),
            cause: Type.Optional(Type.Enum(CAUSES)),
            limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
            offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
          },
          { additionalProperties: false },
        ),
        response: { 200: ListResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { query, kind, state, cause, limit, offset } = request.query;
      const found = await listEntries(deps.db, { query: query?.trim() || undefined, kind, state, cause }, { limit, offset });
      return { ...found, kinds: [...KINDS], states: [...PLACES], causes: [...CAUSES] };
    },
  );

  app.get(
    '/api/chat/knowledge/:id',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'One entry of the knowledge base, with its sources and the date its facts were checked',
        params: Type.Object({ id: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 80 }) }),
        response: { 200: FullEntry, 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request) => {
      const entry = await findEntry(deps.db, request.params.id);
      if (!entry) throw notFound('No such entry in the knowledge base', 'ENTRY_NOT_FOUND');
      return entry;
    },
  );
}
