import { randomUUID } from 'node:crypto';

export const REQUEST_ID_HEADER = 'x-request-id';

// Ids end up in every service's logs, so only short plain tokens are kept from clients; anything
// else (including a repeated header, which Node joins with ', ') gets a fresh UUID. The gateway
// and every service apply the same rule.
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  return typeof header === 'string' && SANE_REQUEST_ID.test(header) ? header : randomUUID();
}
