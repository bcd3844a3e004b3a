import assert from 'node:assert/strict';
import { eventually } from '@betterplus/kit/testing';
import type { StoredMail } from '@betterplus/kit';

/** The 6-digit code in an OTP email's text. */
export const otpIn = (text: string): string | undefined => /\b(\d{6})\b/.exec(text)?.[1];

const post = (url: string, body: unknown) => fetch(url, { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

/**
 * Signs up over HTTP as the web does: the signup answers requireOTP, the code is read from the
 * mail notifications sent (`mailbox` lists what has arrived), verify answers the session token.
 */
export async function signUpWithCode(
  baseUrl: string,
  user: { name: string; email: string; password: string },
  mailbox: () => Promise<StoredMail[]>,
): Promise<string> {
  const signup = await post(`${baseUrl}/api/signup`, user);
  assert.equal(signup.status, 200);
  assert.deepEqual(await signup.json(), { requireOTP: true });
  const otp = await eventually(async () => {
    const mail = (await mailbox()).find((m) => m.to === user.email && m.subject === 'Your Better+ verification code');
    return mail ? otpIn(mail.text) : undefined;
  });
  const verify = await post(`${baseUrl}/api/signup/verify`, { email: user.email, otp });
  assert.equal(verify.status, 201);
  return ((await verify.json()) as { token: string }).token;
}
