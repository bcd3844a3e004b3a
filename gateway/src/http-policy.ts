// What both gateways add to every response and how they treat the client's address: one table,
// read by the local gateway and rendered into the Envoy config.

// The same security headers as the services' own (one list, in the kit).
export { CONTENT_SECURITY_POLICY, SECURITY_HEADERS } from '@betterplus/kit';

/** Sent only when the browser reached us over TLS (the first trusted hop says https). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Vite fingerprints everything under /assets/; everything else (index.html) must be revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Brotli at quality 5, as in Envoy: smaller than gzip at a similar cost (the default, 4, is not). */
export const BROTLI_QUALITY = 5;
/** Answers smaller than this many bytes are sent uncompressed: the encoding would cost more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

/** The services' default too: a proxy on the same host. */
export const DEFAULT_TRUSTED_PROXIES = 'loopback';

/** Largest request body in bytes, the services' default (BODY_LIMIT). */
export const DEFAULT_BODY_LIMIT = 1_048_576;

export interface GatewaySettings {
  /** BODY_LIMIT: larger bodies are refused with 413 before they reach a service. */
  bodyLimit: number;
  /**
   * TRUST_PROXY_HOPS: proxies in front of the gateway (an ingress, a load balancer) that append the
   * address they saw to X-Forwarded-For. The client is the address that many entries from the
   * right; anything a client wrote further left is ignored. 0: the gateway faces the browsers.
   */
  trustProxyHops: number;
  /**
   * TRUSTED_PROXIES: where those proxies are (addresses, CIDR ranges, or `loopback`, `linklocal`,
   * `uniquelocal`; loopback by default). X-Forwarded-For from any other peer is ignored.
   */
  trustedProxies: string;
}

function nonNegativeInteger(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number of at least 0, got ${JSON.stringify(value)}`);
  return parsed;
}

export function gatewaySettings(env: Record<string, string | undefined>): GatewaySettings {
  return {
    bodyLimit: nonNegativeInteger('BODY_LIMIT', env.BODY_LIMIT, DEFAULT_BODY_LIMIT),
    trustProxyHops: nonNegativeInteger('TRUST_PROXY_HOPS', env.TRUST_PROXY_HOPS, 0),
    trustedProxies: env.TRUSTED_PROXIES || DEFAULT_TRUSTED_PROXIES,
  };
}
