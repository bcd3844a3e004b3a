import { ErrorResponse, Type, badRequest, enforceRateLimit, type Cache, type Database, type ServiceApp, type Static } from '@betterplus/kit';
import type { AdminReportingConfig } from '../config.ts';
import { analyticsFigures, notHelpfulAnswers, questionsAsked } from '../db/analytics.ts';
import { createCollector, type Hit } from '../use-cases/analytics/collect.ts';
import { RANGES, addDays, indiaMidnight, rangeDays } from '../domain/analytics/range.ts';
import type { AdminGuard } from './admin-guard.ts';
import { Analytics } from '../contracts/schemas.ts';

export interface AnalyticsDeps {
  db: Database;
  cache: Cache;
  config: AdminReportingConfig;
  guard: AdminGuard;
}

/** A beacon is a few hundred bytes; anything much larger is not one. */
const COLLECT_BODY_LIMIT = 4096;

const CollectBody = Type.Object(
  {
    kind: Type.Enum(['pageview', 'event']),
    path: Type.String({ pattern: '^/', maxLength: 500, description: 'The page, from its first slash; a query string or fragment is dropped' }),
    name: Type.Optional(
      Type.String({
        pattern: '^[a-z_]{1,40}$',
        description: 'Required for an event: chat_message_sent, chat_history_cleared, signup_completed, subscription_started, ...',
      }),
    ),
    parameters: Type.Optional(
      Type.Record(
        Type.String(),
        Type.Union([Type.String({ maxLength: 200 }), Type.Number({ minimum: -Number.MAX_SAFE_INTEGER, maximum: Number.MAX_SAFE_INTEGER }), Type.Boolean()]),
        {
          maxProperties: 10,
          propertyNames: { pattern: '^[A-Za-z0-9_]{1,40}$' },
          description: "An event's details",
        },
      ),
    ),
    referrer: Type.Optional(Type.String({ maxLength: 500, description: 'Accepted from beacons that send it; not kept' })),
  },
  { additionalProperties: false },
);

const hitOf = ({ kind, path, name, parameters }: Static<typeof CollectBody>): Hit => {
  if (kind === 'pageview') return { kind, path };
  if (name === undefined) throw badRequest('Invalid request: an event needs a name');
  return { kind, path, name, parameters: parameters ?? {} };
};

const AnalyticsQuery = Type.Object(
  {
    range: Type.Enum(RANGES, { default: '7d' }),
    startDate: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, for a custom range' })),
    endDate: Type.Optional(Type.String({ format: 'date', description: 'YYYY-MM-DD, for a custom range' })),
  },
  { additionalProperties: false },
);

/** POST /api/analytics/collect (the web app's beacons) and GET /api/admin/analytics (the panel). */
export function analyticsRoutes(app: ServiceApp, deps: AnalyticsDeps): void {
  const { db, cache, config, guard } = deps;
  const collector = createCollector(db);

  // In a scope of its own: navigator.sendBeacon posts a string as text/plain, which is JSON
  // here, and only here, so it is parsed (and checked) like any JSON body.
  void app.register(async (beacons: ServiceApp) => {
    beacons.removeContentTypeParser('text/plain');
    beacons.addContentTypeParser('text/plain', { parseAs: 'string' }, beacons.getDefaultJsonParser('error', 'error'));

    beacons.post(
      '/api/analytics/collect',
      {
        bodyLimit: COLLECT_BODY_LIMIT,
        // Counted before the body is read, so a flood of bad beacons is refused as early.
        onRequest: (request) =>
          enforceRateLimit(cache, {
            key: `analytics:ip:${request.ip}`,
            limit: config.ANALYTICS_HITS_PER_MINUTE,
            windowSeconds: 60,
            message: 'Too many analytics hits from this address; try again in a minute',
          }),
        schema: {
          summary: "A page view or event of the web app (no cookies; a bot's is accepted and dropped)",
          body: CollectBody,
          response: {
            202: Type.Object({ accepted: Type.Literal(true) }, { description: 'Taken, or dropped when a bot sent it (a bot is not told)' }),
            400: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
            429: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        await collector.collect(hitOf(request.body), { ip: request.ip, userAgent: request.headers['user-agent'] ?? '', host: request.hostname }, new Date());
        return reply.code(202).send({ accepted: true as const });
      },
    );
  });

  app.get(
    '/api/admin/analytics',
    {
      preHandler: guard,
      schema: {
        summary: 'Website analytics of a range of India days ending today, or of a custom range',
        querystring: AnalyticsQuery,
        response: { 200: Analytics, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const { range, ...dates } = request.query;
      const { firstDay, lastDay } = rangeDays(range, dates, new Date());
      const [from, to] = [indiaMidnight(firstDay), indiaMidnight(addDays(lastDay, 1))];
      const [figures, questions, notHelpful] = await Promise.all([
        analyticsFigures(db, firstDay, lastDay),
        questionsAsked(db, from, to),
        notHelpfulAnswers(db, from, to),
      ]);
      return { ...figures, ...questions, notHelpfulAnswers: notHelpful };
    },
  );
}
