import { randomUUID } from 'node:crypto';
import { Type, conflict, type ServiceApp, type TokenSigner, type UnitOfWork } from '@betterplus/kit';
import { UserRegisteredEvent } from '@betterplus/events';
import { timestampNow } from '@bufbuild/protobuf/wkt';
import { insertUser } from '../db/users.ts';
import { normalizeEmail, normalizeName } from '../domain/accounts.ts';
import { hashPassword } from '../domain/passwords.ts';
import { Email, ErrorResponse, Name, Password, TokenResponse } from './schemas.ts';

export function signupRoutes(app: ServiceApp, deps: { uow: UnitOfWork; signer: TokenSigner }): void {
  app.post(
    '/api/signup',
    {
      schema: {
        summary: 'Create an account with a password and sign in',
        body: Type.Object({ name: Name, email: Email, password: Password }, { additionalProperties: false }),
        response: { 201: TokenResponse, 400: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request, reply) => {
      const name = normalizeName(request.body.name);
      const email = normalizeEmail(request.body.email);
      const passwordHash = await hashPassword(request.body.password);
      const id = randomUUID();
      await deps.uow.run(async (tx) => {
        if (!(await insertUser(tx, { id, name, email, passwordHash }))) throw conflict('An account with this email already exists. Please sign in.', 'EMAIL_TAKEN');
        await tx.publish(UserRegisteredEvent, id, { userId: id, name, email, registeredAt: timestampNow() });
      });
      return reply.status(201).send({ token: await deps.signer.sign(id) });
    },
  );
}
