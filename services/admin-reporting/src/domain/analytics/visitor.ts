import { createHash } from 'node:crypto';

/** Who sent a hit, as the request shows it. None of it is stored. */
export interface Client {
  /** The address the trusted proxies saw (request.ip). */
  ip: string;
  userAgent: string;
  /** The site visited, so one browser on two sites is two visitors. */
  host: string;
}

/** Bytes of the SHA-256 kept: 64 bits, as Plausible keeps, make a clash within one day's visitors improbable. */
const VISITOR_ID_BYTES = 8;

/**
 * A visitor's id for the day of `salt`: the same browser at the same address is the same visitor
 * all day, and nobody can link it to the browser, or to the next day's id, once the salt is gone.
 * Header values hold no line breaks, so joining on one keeps the parts apart.
 */
export function visitorId(salt: Uint8Array, client: Client): Uint8Array {
  return createHash('sha256').update(salt).update([client.host, client.ip, client.userAgent].join('\n')).digest().subarray(0, VISITOR_ID_BYTES);
}
