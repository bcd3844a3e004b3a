import { createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC-SHA256 of `message` under `secret`, hex, as Razorpay signs. */
export const razorpaySignature = (secret: string, message: string | Buffer): string => createHmac('sha256', secret).update(message).digest('hex');

/** Compares in constant time, so the time taken tells nothing of how much of a guess was right. */
function sameSignature(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The checkout's proof of a subscription payment: HMAC(key secret, payment id | subscription id). */
export function paymentSignatureValid(keySecret: string, proof: { paymentId: string; subscriptionId: string; signature: string }): boolean {
  return sameSignature(razorpaySignature(keySecret, `${proof.paymentId}|${proof.subscriptionId}`), proof.signature);
}

/** A webhook's X-Razorpay-Signature: HMAC(webhook secret, the raw body exactly as received). */
export function webhookSignatureValid(webhookSecret: string, rawBody: Buffer | string, signature: string): boolean {
  return sameSignature(razorpaySignature(webhookSecret, rawBody), signature);
}
