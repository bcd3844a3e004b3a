import { Type, currentUser, unauthorized, type ServiceApp, type ServiceDeps } from '@betterplus/kit';
import { findUserById } from '../db/users.ts';
import { ErrorResponse } from './schemas.ts';

export function userRoutes(app: ServiceApp, deps: Pick<ServiceDeps, 'db' | 'authenticate'>): void {
  app.get(
    '/api/user',
    {
      preHandler: deps.authenticate,
      schema: {
        summary: 'The signed-in user',
        security: [{ bearer: [] }],
        response: { 200: Type.Object({ name: Type.String(), email: Type.String() }), 401: ErrorResponse },
      },
    },
    async (request) => {
      const user = await findUserById(deps.db, currentUser(request).userId);
      // A valid token for an account that no longer exists is a stale session.
      if (!user) throw unauthorized('Your session has expired. Please sign in again.', 'INVALID_TOKEN');
      return { name: user.name, email: user.email };
    },
  );
}
