// The one source of routing truth. The local Node gateway and the generated Envoy config both
// read this table, so the two gateways cannot drift apart.

export const SERVICE_NAMES = ['identity', 'billing', 'chat', 'notifications', 'admin-reporting'] as const;
export type ServiceName = (typeof SERVICE_NAMES)[number];

/**
 * A prefix ending in '/' is a plain string prefix. Any other prefix is segment-aware (Envoy's
 * path_separated_prefix): '/api/user' owns '/api/user' and '/api/user/...' but not '/api/username'.
 */
export interface Route {
  readonly prefix: string;
  readonly service: ServiceName;
}

export const ROUTES: readonly Route[] = [
  { prefix: '/api/user', service: 'identity' },
  { prefix: '/api/login', service: 'identity' },
  { prefix: '/api/signup', service: 'identity' },
  { prefix: '/api/reset-password', service: 'identity' },
  { prefix: '/api/auth/', service: 'identity' },
  { prefix: '/api/subscription', service: 'billing' },
  { prefix: '/api/invoices', service: 'billing' },
  { prefix: '/api/billing/webhooks/', service: 'billing' },
  { prefix: '/api/chat', service: 'chat' },
  { prefix: '/api/contact/', service: 'notifications' },
  { prefix: '/api/admin/', service: 'admin-reporting' },
  { prefix: '/api/analytics/', service: 'admin-reporting' },
];

/** Every path under this segment prefix that no route owns is answered by the gateway with 404. */
export const API_PREFIX = '/api';

/** Upstream time budget per service; chat waits on a language model, so it gets longer. */
export const TIMEOUT_SECONDS: Readonly<Record<ServiceName, number>> = {
  identity: 15,
  billing: 15,
  chat: 60,
  notifications: 15,
  'admin-reporting': 15,
};

/** Time budget for the web bundle server. */
export const WEB_TIMEOUT_SECONDS = 15;

/** Retries per request: GETs whose upstream failed them, any request that could not connect. */
export const GET_RETRIES = 2;

export function isSegmentPrefix(prefix: string): boolean {
  return !prefix.endsWith('/');
}

export function prefixMatches(prefix: string, path: string): boolean {
  if (!isSegmentPrefix(prefix)) return path.startsWith(prefix);
  return path === prefix || path.startsWith(`${prefix}/`);
}

/** The service that owns a request path (a query string is ignored), or undefined. */
export function serviceFor(pathWithQuery: string): ServiceName | undefined {
  const path = pathWithQuery.split('?', 1)[0] ?? '';
  return ROUTES.find((route) => prefixMatches(route.prefix, path))?.service;
}
