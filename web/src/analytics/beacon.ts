// What the web app tells its own analytics (POST /api/analytics/collect, served by admin-reporting):
// page views and a few named events, with the path they happened on. Nothing identifies the
// visitor: no cookie, no id, nothing kept in the browser. Pure: the sending is in send.ts.
import type { Body } from '../api/contract.ts';
import { isAdminPath } from '../pages/admin/paths.ts';

export const COLLECT_PATH = '/api/analytics/collect';

/** Each event the app sends, with its parameters. */
export interface AnalyticsEvents {
  chat_message_sent: { message_length: number };
  chat_history_cleared: Record<string, never>;
  signup_completed: Record<string, never>;
  subscription_started: { plan: string };
}
export type AnalyticsEventName = keyof AnalyticsEvents;

/** What the collector takes (its schema at admin-reporting), of which the app sends a page view or one of its named events. */
type Hit = Body<typeof COLLECT_PATH, 'post'>;
export type Beacon = (Pick<Hit, 'path' | 'referrer'> & { kind: 'pageview' }) | (Pick<Hit, 'path' | 'parameters'> & { kind: 'event'; name: AnalyticsEventName });

/** The collector keeps at most this many characters of a path. */
export const MAX_PATH_LENGTH = 500;

const clip = (path: string) => path.slice(0, MAX_PATH_LENGTH);

/** The admin area is not the product's audience: its pages are not counted. */
export function countsPageView(path: string): boolean {
  return !isAdminPath(path);
}

/**
 * A page view of `path`. `referrer` (document.referrer) is sent only when it is another site, and
 * then only its origin: a full address can carry what is not ours to collect (a reset token, a search).
 */
export function pageView(path: string, referrer: string, origin: string): Beacon {
  let from: string | undefined;
  try {
    const url = new URL(referrer);
    if (url.origin !== origin && (url.protocol === 'https:' || url.protocol === 'http:')) from = url.origin;
  } catch {
    from = undefined;
  }
  return from === undefined ? { kind: 'pageview', path: clip(path) } : { kind: 'pageview', path: clip(path), referrer: from };
}

export function event<Name extends AnalyticsEventName>(name: Name, parameters: AnalyticsEvents[Name], path: string): Beacon {
  return Object.keys(parameters).length === 0 ? { kind: 'event', path: clip(path), name } : { kind: 'event', path: clip(path), name, parameters };
}
