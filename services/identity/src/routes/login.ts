import { AppError, Type, unauthorized, type Database, type ServiceApp, type TokenSigner } from '@betterplus/kit';
import { clearLoginFailures, lockAccount, lockAddress, releaseAddressAttempt, reserveAccountAttempt, reserveAddressAttempt } from '../db/login-failures.ts';
import { findUserByEmail } from '../db/users.ts';
import { normalizeEmail } from '../domain/accounts.ts';
import { lockEndsAt, lockoutPolicy, locksNow, mayCheck, minutesLeft, type LockoutRule } from '../domain/lockout.ts';
import { verifyNothing, verifyPassword } from '../domain/passwords.ts';
import type { AttemptLimiter } from './limits.ts';
import { Email, ErrorResponse, GivenPassword, TokenResponse } from './schemas.ts';
import { quantity } from './wording.ts';

/** One answer for an unknown email and a wrong password, so sign-in does not reveal who has an account. */
const invalidCredentials = () => unauthorized('Invalid email or password.', 'INVALID_CREDENTIALS');

/** 429 rather than 423: clients treat it as "wait and retry", which is what the user must do. */
const locked = (until: Date, now: Date) => {
  const wait = quantity(minutesLeft(until, now), 'minute');
  return new AppError(
    429,
    'ACCOUNT_LOCKED',
    `This account is temporarily locked after too many failed sign-in attempts. Try again in ${wait}, or reset your password.`,
  );
};

/** The lock to report for a refused attempt: the one recorded, or, while a concurrent failure is setting it, a full one. */
const lockOf = (rule: LockoutRule, lockedUntil: Date | null, now: Date) => locked(lockedUntil && lockedUntil > now ? lockedUntil : lockEndsAt(rule, now), now);

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
      // Per address only: a per-account limit would let anyone lock the owner out. The lockout
      // below counts per account and address, with its own account-wide throttle.
      await deps.limitAttempts('login', { ip: request.ip });
      const user = await findUserByEmail(deps.db, email);
      // Accounts made through Google have no password until a reset gives them one.
      if (!user?.password_hash) {
        await verifyNothing(request.body.password);
        throw invalidCredentials();
      }
      const now = new Date();
      const { perAddress, account } = lockoutPolicy;
      const fromAddress = await reserveAddressAttempt(deps.db, user.id, request.ip, now);
      if (!mayCheck(perAddress, fromAddress, now)) throw lockOf(perAddress, fromAddress.lockedUntil, now);
      const accountWide = await reserveAccountAttempt(deps.db, user.id, now);
      if (!mayCheck(account, accountWide, now)) {
        await releaseAddressAttempt(deps.db, user.id, request.ip);
        throw lockOf(account, accountWide.lockedUntil, now);
      }
      if (await verifyPassword(user.password_hash, request.body.password)) {
        await clearLoginFailures(deps.db, user.id, request.ip);
        return { token: await deps.signer.sign(user.id) };
      }
      if (locksNow(perAddress, fromAddress.failures)) throw locked(await lockAddress(deps.db, user.id, request.ip, lockEndsAt(perAddress, now)), now);
      if (locksNow(account, accountWide.failures)) throw locked(await lockAccount(deps.db, user.id, lockEndsAt(account, now)), now);
      throw invalidCredentials();
    },
  );
}
