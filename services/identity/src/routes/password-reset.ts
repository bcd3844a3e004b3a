import { Type, badRequest, type Database, type SealSecret, type ServiceApp, type UnitOfWork } from '@betterplus/kit';
import { findResetToken, insertResetToken, useAllResetTokens } from '../db/reset-tokens.ts';
import { findUserByEmail, setPassword } from '../db/users.ts';
import { normalizeEmail } from '../domain/accounts.ts';
import { hashPassword } from '../domain/passwords.ts';
import { checkResetToken, hashResetToken, issueResetToken } from '../domain/reset-tokens.ts';
import { publishPasswordResetRequested } from '../events/emails.ts';
import { endSessionsBefore } from '../events/sessions.ts';
import type { BackgroundTasks } from './background.ts';
import type { AttemptLimiter } from './limits.ts';
import { Email, ErrorResponse, MessageResponse, Password } from './schemas.ts';

export interface PasswordResetDeps {
  db: Database;
  uow: UnitOfWork;
  limitAttempts: AttemptLimiter;
  seal: SealSecret;
  background: BackgroundTasks;
}

const ResetToken = Type.String({ minLength: 1, maxLength: 200 });

const unknownToken = () => badRequest('This reset link is not valid. Please request a new one.', 'RESET_TOKEN_INVALID');
const spentToken = (check: 'used' | 'expired') =>
  check === 'used'
    ? badRequest('This reset link has already been used. Please request a new one.', 'RESET_TOKEN_USED')
    : badRequest('This reset link has expired. Please request a new one.', 'RESET_TOKEN_EXPIRED');

/** Issues a link for the account of `email`, if there is one; the token leaves only sealed. */
async function issueResetLink(deps: PasswordResetDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) return;
  const { token, tokenHash, expiresAt } = issueResetToken(new Date());
  await deps.uow.run(async (tx) => {
    await insertResetToken(tx, { tokenHash, userId: user.id, expiresAt });
    await publishPasswordResetRequested(tx, deps.seal, { userId: user.id, name: user.name, email, token, expiresAt });
  });
}

export function passwordResetRoutes(app: ServiceApp, deps: PasswordResetDeps): void {
  app.post(
    '/api/reset-password',
    {
      schema: {
        summary: 'Email a password-reset link; the same answer, at once, whether or not the email has an account',
        body: Type.Object({ email: Email }, { additionalProperties: false }),
        response: { 200: MessageResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      await deps.limitAttempts('reset', { ip: request.ip, account: email });
      // Looking the account up and issuing the link happen after the answer, so neither its
      // content nor its timing tells whether the email has an account.
      deps.background.run('issue reset link', () => issueResetLink(deps, email));
      return { message: 'If an account exists for this email, password reset instructions have been sent to it.' };
    },
  );

  app.post(
    '/api/reset-password/check',
    {
      schema: {
        summary: 'Whether a reset link can still be used (unknown, used and expired links cannot), so the page can say so at once',
        body: Type.Object({ token: ResetToken }, { additionalProperties: false }),
        response: { 200: Type.Object({ valid: Type.Boolean() }), 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      await deps.limitAttempts('reset', { ip: request.ip });
      const stored = await findResetToken(deps.db, hashResetToken(request.body.token), false);
      return { valid: stored !== undefined && checkResetToken(stored, new Date()) === 'valid' };
    },
  );

  app.post(
    '/api/reset-password/verify',
    {
      schema: {
        summary: 'Set a new password with the emailed token; ends every earlier session',
        body: Type.Object({ token: ResetToken, newPassword: Password }, { additionalProperties: false }),
        response: { 200: MessageResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      await deps.limitAttempts('reset', { ip: request.ip });
      const passwordHash = await hashPassword(request.body.newPassword);
      const now = new Date();
      await deps.uow.run(async (tx) => {
        const stored = await findResetToken(tx, hashResetToken(request.body.token), true);
        if (!stored) throw unknownToken();
        const check = checkResetToken(stored, now);
        if (check !== 'valid') throw spentToken(check);
        // The link proves the address, so it also unlocks a locked account and clears its counts.
        await setPassword(tx, stored.userId, passwordHash, now, true);
        await useAllResetTokens(tx, stored.userId, now);
        await endSessionsBefore(tx, stored.userId, now);
      });
      return { message: 'Password has been reset successfully' };
    },
  );
}
