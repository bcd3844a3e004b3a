import { Type, badRequest, type Database, type ServiceApp, type UnitOfWork } from '@betterplus/kit';
import { PasswordResetRequestedEvent } from '@betterplus/events';
import { timestampFromDate } from '@bufbuild/protobuf/wkt';
import { findResetToken, insertResetToken, useAllResetTokens } from '../db/reset-tokens.ts';
import { findUserByEmail, setPassword } from '../db/users.ts';
import { normalizeEmail } from '../domain/accounts.ts';
import { hashPassword } from '../domain/passwords.ts';
import { checkResetToken, hashResetToken, issueResetToken } from '../domain/reset-tokens.ts';
import { endSessionsBefore } from '../events/sessions.ts';
import type { AttemptLimiter } from './limits.ts';
import { Email, ErrorResponse, MessageResponse, Password } from './schemas.ts';

const unknownToken = () => badRequest('This reset link is not valid. Please request a new one.', 'RESET_TOKEN_INVALID');
const spentToken = (check: 'used' | 'expired') =>
  check === 'used'
    ? badRequest('This reset link has already been used. Please request a new one.', 'RESET_TOKEN_USED')
    : badRequest('This reset link has expired. Please request a new one.', 'RESET_TOKEN_EXPIRED');

export function passwordResetRoutes(app: ServiceApp, deps: { db: Database; uow: UnitOfWork; limitAttempts: AttemptLimiter }): void {
  app.post(
    '/api/reset-password',
    {
      schema: {
        summary: 'Email a password-reset link; the same answer whether or not the email has an account',
        body: Type.Object({ email: Email }, { additionalProperties: false }),
        response: { 200: MessageResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const email = normalizeEmail(request.body.email);
      await deps.limitAttempts('reset', { ip: request.ip, account: email });
      const user = await findUserByEmail(deps.db, email);
      if (user) {
        const { token, tokenHash, expiresAt } = issueResetToken(new Date());
        await deps.uow.run(async (tx) => {
          await insertResetToken(tx, { tokenHash, userId: user.id, expiresAt });
          // The plain token travels only in the event, for the emailed link.
          await tx.publish(PasswordResetRequestedEvent, user.id, { userId: user.id, name: user.name, email, token, expiresAt: timestampFromDate(expiresAt) });
        });
      }
      return { message: 'If an account exists for this email, password reset instructions have been sent to it.' };
    },
  );

  app.post(
    '/api/reset-password/verify',
    {
      schema: {
        summary: 'Set a new password with the emailed token; ends every earlier session',
        body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }), newPassword: Password }, { additionalProperties: false }),
        response: { 200: MessageResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      await deps.limitAttempts('reset', { ip: request.ip });
      const passwordHash = await hashPassword(request.body.newPassword);
      const now = new Date();
      await deps.uow.run(async (tx) => {
        const stored = await findResetToken(tx, hashResetToken(request.body.token));
        if (!stored) throw unknownToken();
        const check = checkResetToken(stored, now);
        if (check !== 'valid') throw spentToken(check);
        // The link proves the address, so it also unlocks a locked account.
        await setPassword(tx, stored.userId, passwordHash, now, true);
        await useAllResetTokens(tx, stored.userId, now);
        await endSessionsBefore(tx, stored.userId, now);
      });
      return { message: 'Password has been reset successfully' };
    },
  );
}
