import { createTokenSigner, defineService } from '@betterplus/kit';
import { identitySettings, type IdentityConfig } from './config.ts';
import { jwksRoutes } from './routes/jwks.ts';
import { signupRoutes } from './routes/signup.ts';
import { userRoutes } from './routes/user.ts';

/** identity: accounts, passwords and sessions. Publishes identity.user.v1; consumes nothing. */
export const identityService = defineService<IdentityConfig>({
  name: 'identity',
  settings: identitySettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  async register(app, deps) {
    const signer = await createTokenSigner(deps.config.JWT_PRIVATE_KEY, deps.config.JWT_ISSUER, deps.config.TOKEN_TTL_SECONDS);
    signupRoutes(app, { uow: deps.uow, signer });
    userRoutes(app, deps);
    jwksRoutes(app, deps.config.JWT_PUBLIC_KEY);
    return undefined;
  },
});
