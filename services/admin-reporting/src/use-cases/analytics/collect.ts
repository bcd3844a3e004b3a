import { indiaDate, type Queryable } from '@betterplus/kit';
import { isbot } from 'isbot';
import { recordHit } from '../../db/analytics.ts';
import { dailySalts } from './salts.ts';
import { visitorId, type Client } from '../../domain/analytics/visitor.ts';

/** A page view or a named event with its details, as the web app's beacon reports it. */
export type Hit = { kind: 'pageview'; path: string } | { kind: 'event'; path: string; name: string; parameters: Record<string, string | number | boolean> };

/** A visit ends after this long without a hit (Plausible's and Google Analytics' 30 minutes). */
const SESSION_TIMEOUT_SECONDS = 30 * 60;

/** Events that turn a visit into a conversion (the conversion rate). */
const CONVERSION_EVENTS: ReadonlySet<string> = new Set(['signup_completed', 'subscription_started']);

/** The path alone: a query string or fragment may carry a token (a reset link) and is never kept. */
const pathOnly = (path: string): string => path.replace(/[?#].*$/s, '');

export interface Collector {
  /** Stores the hit of `client` at `now` in its visit; 'ignored' for a bot or a client that does not say what it is. */
  collect: (hit: Hit, client: Client, now: Date) => Promise<'stored' | 'ignored'>;
}

export function createCollector(db: Queryable): Collector {
  const saltOf = dailySalts(db);
  return {
    async collect(hit, client, now) {
      if (!client.userAgent || isbot(client.userAgent)) return 'ignored';
      const event = hit.kind === 'event' ? hit : undefined;
      await recordHit(
        db,
        {
          visitorId: visitorId(await saltOf(now), client),
          day: indiaDate(now),
          at: now,
          kind: hit.kind,
          path: pathOnly(hit.path),
          name: event?.name,
          parameters: event?.parameters ?? {},
          converts: event !== undefined && CONVERSION_EVENTS.has(event.name),
        },
        SESSION_TIMEOUT_SECONDS,
      );
      return 'stored';
    },
  };
}
