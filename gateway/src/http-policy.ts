// What both gateways add to every response and how they treat the client's address: one table,
// read by the local gateway and rendered into the Envoy config.

/**
 * Only what the web app loads: its own bundle, antd's inline styles, Google Identity Services
 * (script, consent popup and the profile read) and Razorpay's checkout (script and frames).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self' https://accounts.google.com/gsi/client https://apis.google.com https://checkout.razorpay.com",
  "style-src 'self' 'unsafe-inline' https://accounts.google.com/gsi/style",
  "img-src 'self' data: https:",
  "font-src 'self' data:",
  "connect-src 'self' https://accounts.google.com/gsi/ https://www.googleapis.com https://api.razorpay.com https://lumberjack.razorpay.com",
  'frame-src https://accounts.google.com/gsi/ https://api.razorpay.com https://checkout.razorpay.com',
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // For browsers that predate frame-ancestors.
  'x-frame-options': 'DENY',
};

/** Sent only when the browser reached us over TLS (the first trusted hop says https). */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Vite fingerprints everything under /assets/; everything else (index.html) must be revalidated. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
export const REVALIDATE_CACHE = 'no-cache';

/** Brotli at quality 5, as in Envoy: smaller than gzip at a similar cost (the default, 4, is not). */
export const BROTLI_QUALITY = 5;
/** Answers smaller than this many bytes are sent uncompressed: the encoding would cost more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;

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
  };
}
