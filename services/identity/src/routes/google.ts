import { randomUUID } from 'node:crypto';
import { Type, badRequest, notFound, unauthorized, type ServiceApp, type TokenSigner, type Transaction, type UnitOfWork } from '@betterplus/kit';
import { UserRegisteredEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { findUserIdByGoogleSub, linkGoogleIdentity } from '../db/google-identities.ts';
import { claimUnverifiedAccount, findUserByEmail, insertUser } from '../db/users.ts';
import { displayName, issuedToUs, readProfile, type GoogleProfile } from '../domain/google.ts';
import { endSessionsBefore } from '../events/sessions.ts';
import type { GoogleAccounts } from '../adapters/google-client.ts';
import type { AttemptLimiter } from './limits.ts';
import type { IdentityMetrics } from './metrics.ts';
import { ErrorResponse, TokenResponse } from './schemas.ts';

export interface GoogleDeps {
  uow: UnitOfWork;
  signer: TokenSigner;
  limitAttempts: AttemptLimiter;
  signups: IdentityMetrics['signups'];
  /** Absent when no client id is configured: Google sign-in is off. */
  google?: { clientId: string; accounts: GoogleAccounts };
}

const invalidToken = () => unauthorized('Failed to authenticate with Google: the sign-in is invalid or has expired. Please try again.', 'GOOGLE_TOKEN_INVALID');

export function googleRoutes(app: ServiceApp, deps: GoogleDeps): void {
  app.post(
    '/api/auth/google',
    {
      schema: {
        summary: "Sign in (or sign up) with a Google access token; the profile is read from Google, never from the browser's userInfo",
        body: Type.Object(
          {
            token: Type.String({ minLength: 1, maxLength: 4096 }),
            // Sent by the web as the spec describes, and deliberately ignored.
            userInfo: Type.Optional(Type.Object({})),
          },
          { additionalProperties: false },
        ),
        response: {
          200: TokenResponse,
          400: ErrorResponse,
          401: ErrorResponse,
          404: ErrorResponse,
          409: ErrorResponse,
          429: ErrorResponse,
          502: ErrorResponse,
        },
      },
    },
    async (request) => {
      const { google } = deps;
      if (!google) throw notFound('Google sign-in is not available.', 'GOOGLE_DISABLED');
      await deps.limitAttempts('google', { ip: request.ip });
      const { token } = request.body;
      if (!issuedToUs(await google.accounts.tokenInfo(token), google.clientId)) throw invalidToken();
      const profile = readProfile(await google.accounts.userInfo(token));
      if (!profile) throw invalidToken();
      const { userId, created } = await deps.uow.run((tx) => signInWithGoogle(tx, profile, new Date()));
      if (created) deps.signups.inc({ method: 'google' });
      return { token: await deps.signer.sign(userId) };
    },
  );
}

/**
 * The account of a Google identity: the one it is linked to; else the account with its
 * (verified) address, now linked; else a new account without a password. Safe when the same
 * person's first sign-ins race: the account row is locked before linking, a second insert of
 * the address finds the first one's account, and a link made meanwhile wins.
 */
async function signInWithGoogle(tx: Transaction, profile: GoogleProfile, now: Date): Promise<{ userId: string; created: boolean }> {
  const linked = await findUserIdByGoogleSub(tx, profile.sub);
  if (linked) return { userId: linked, created: false };
  // An address Google has not verified proves nothing: it must not reach anyone's account.
  if (!profile.emailVerified) {
    throw badRequest(
      'Failed to authenticate with Google: your Google email address is not verified. Verify it with Google, or sign up with email.',
      'GOOGLE_EMAIL_UNVERIFIED',
    );
  }
  for (;;) {
    const existing = await findUserByEmail(tx, profile.email, true);
    if (existing) {
      // Read again under the lock: a concurrent first sign-in may have linked it meanwhile.
      const linkedMeanwhile = await findUserIdByGoogleSub(tx, profile.sub);
      if (linkedMeanwhile) return { userId: linkedMeanwhile, created: false };
      if (!existing.email_verified) {
        // Created without proof of the address: whoever set its password may not own it.
        await claimUnverifiedAccount(tx, existing.id, now);
        await endSessionsBefore(tx, existing.id, now);
      }
      return { userId: await linkGoogleIdentity(tx, profile.sub, existing.id), created: false };
    }
    const userId = randomUUID();
    const name = displayName(profile);
    // Not inserted: a concurrent sign-in (or signup) made the account just now; link to it.
    if (await insertUser(tx, { id: userId, name, email: profile.email, passwordHash: null, emailVerified: true })) {
      await linkGoogleIdentity(tx, profile.sub, userId);
      await tx.publish(UserRegisteredEvent, userId, { userId, name, email: profile.email, registeredAt: timestampFromDate(now) });
      return { userId, created: true };
    }
  }
}
