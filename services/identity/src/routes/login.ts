import { AppError, Type, unauthorized, type Database, type ServiceApp, type TokenSigner } from '@betterplus/kit';
import { clearFailedLogins, findUserByEmail, recordFailedLogin } from '../db/users.ts';
import { normalizeEmail } from '../domain/accounts.ts';
import { isLocked, lockEndsAt, lockoutPolicy, minutesLeft } from '../domain/lockout.ts';
import { verifyNothing, verifyPassword } from '../domain/passwords.ts';
import type { AttemptLimiter } from './limits.ts';
import { Email, ErrorResponse, GivenPassword, TokenResponse } from './schemas.ts';
import { quantity } from './wording.ts';

/** One answer for an unknown email and a wrong password, so sign-in does not reveal who has an account. */
const invalidCredentials = () => unauthorized('Invalid email or password.', 'INVALID_CREDENTIALS');

/** 429 rather than 423: clients treat it as "wait and retry", which is what the user must do. */
const locked = (until: Date, now: Date) => {
  const wait = quantity(minutesLeft(until, now), 'minute');
  return new AppError(429, 'ACCOUNT_LOCKED', `This account is temporarily locked after too many failed sign-in attempts. Try again in ${wait}, or reset your password.`);
};

export function loginRoutes(app: ServiceApp, deps: { db: Database; signer: TokenSigner; limitAttempts: AttemptLimiter }): void {
  app.post(
    '/api/login',
    {
      schema: {
        summary: 'Sign in with email and password',
        body: Type.Object({ email: Email, password: GivenPassword }, { additionalProperties: false }),
        response: { 200: TokenResponse, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      await deps.limitAttempts('login', { ip: request.ip, account: email });
      const user = await findUserByEmail(deps.db, email);
      // Accounts made through Google have no password until a reset gives them one.
      if (!user?.password_hash) {
        await verifyNothing(request.body.password);
        throw invalidCredentials();
      }
      const now = new Date();
      if (isLocked(user.locked_until, now)) throw locked(user.locked_until, now);
      if (!(await verifyPassword(user.password_hash, request.body.password))) {
        const lockedUntil = await recordFailedLogin(deps.db, user.id, lockoutPolicy.maxFailures, lockEndsAt(now));
        throw lockedUntil ? locked(lockedUntil, now) : invalidCredentials();
      }
      await clearFailedLogins(deps.db, user.id);
      return { token: await deps.signer.sign(user.id) };
    },
  );
}
