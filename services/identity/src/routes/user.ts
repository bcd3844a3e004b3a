import { Type, badRequest, currentUser, unauthorized, type ServiceApp, type ServiceDeps, type TokenSigner } from '@betterplus/kit';
import { UserUpdatedEvent } from '@betterplus/events';
import { useAllResetTokens } from '../db/reset-tokens.ts';
import { findUserById, replacePassword, updateName } from '../db/users.ts';
import { normalizeName } from '../domain/accounts.ts';
import { hashPassword, verifyPassword } from '../domain/passwords.ts';
import { endSessionsBefore } from '../events/sessions.ts';
import type { AttemptLimiter } from './limits.ts';
import { ErrorResponse, GivenPassword, Name, Password, TokenResponse } from './schemas.ts';

export interface UserDeps extends Pick<ServiceDeps, 'db' | 'uow' | 'authenticate'> {
  signer: TokenSigner;
  limitAttempts: AttemptLimiter;
}

const UserResponse = Type.Object({ name: Type.String(), email: Type.String() });

// A valid token for an account that no longer exists is a stale session.
const staleSession = () => unauthorized('Your session has expired. Please sign in again.', 'INVALID_TOKEN');

/**
 * Every route here needs a bearer token (`deps.authenticate`). They declare no OpenAPI `security`
 * until the kit's OpenAPI document defines a bearer scheme: naming an undefined one breaks /openapi.json.
 */
export function userRoutes(app: ServiceApp, deps: UserDeps): void {
  app.get(
    '/api/user',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'The signed-in user',
        response: { 200: UserResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const user = await findUserById(deps.db, currentUser(request).userId);
      if (!user) throw staleSession();
      return { name: user.name, email: user.email };
    },
  );

  app.put(
    '/api/user',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'Change the name (the email is read-only, so a body naming it is refused)',
        body: Type.Object({ name: Name }, { additionalProperties: false }),
        response: { 200: UserResponse, 400: ErrorResponse, 401: ErrorResponse },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      const name = normalizeName(request.body.name);
      const email = await deps.uow.run(async (tx) => {
        const updated = await updateName(tx, userId, name);
        if (updated === undefined) throw staleSession();
        await tx.publish(UserUpdatedEvent, userId, { userId, name, email: updated });
        return updated;
      });
      return { name, email };
    },
  );

  app.put(
    '/api/user/change-password',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'Change the password; ends every other session and answers a fresh token for this one',
        body: Type.Object({ currentPassword: GivenPassword, newPassword: Password }, { additionalProperties: false }),
        // A wrong current password is a 400, not a 401: the web signs the user out on any 401.
        response: { 200: TokenResponse, 400: ErrorResponse, 401: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request) => {
      const { userId } = currentUser(request);
      // Per account as well: a stolen session must not become a way to guess the password.
      await deps.limitAttempts('change-password', { ip: request.ip, account: userId });
      const user = await findUserById(deps.db, userId);
      if (!user) throw staleSession();
      if (!user.password_hash) {
        throw badRequest(
          "Your account signs in with Google and has no password yet. Use 'Forgot your password' on the sign-in page to set one.",
          'NO_PASSWORD',
        );
      }
      const wrongPassword = () => badRequest('Your current password is incorrect.', 'WRONG_PASSWORD');
      if (!(await verifyPassword(user.password_hash, request.body.currentPassword))) throw wrongPassword();
      const passwordHash = await hashPassword(request.body.newPassword);
      const now = new Date();
      const checkedHash = user.password_hash;
      const changed = await deps.uow.run(async (tx) => {
        // Only over the hash just checked: a concurrent change that won makes this one's
        // current password wrong, rather than letting both pass the same check.
        if (!(await replacePassword(tx, userId, checkedHash, passwordHash, now))) return false;
        // A reset link sent before the change must not undo it.
        await useAllResetTokens(tx, userId, now);
        await endSessionsBefore(tx, userId, now);
        return true;
      });
      if (!changed) throw wrongPassword();
      // Signed after the revocation instant, so this session carries on with it.
      return { token: await deps.signer.sign(userId) };
    },
  );
}
