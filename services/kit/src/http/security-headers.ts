// The security headers of every answer of the product: the services send them themselves (their
// ports answer too, and so does a request Fastify refuses before routing), and both gateways add
// the same ones, so an answer carries them whichever way it came.

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
