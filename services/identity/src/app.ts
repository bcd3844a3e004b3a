import { createSecretSealer, createTokenSigner, defineService } from '@betterplus/kit';
import { identitySettings, type IdentityConfig } from './config.ts';
import { createGoogleClient } from './adapters/google-client.ts';
import { handlers } from './events/handlers/index.ts';
import { authConfigRoutes } from './routes/auth-config.ts';
import { createBackgroundTasks } from './routes/background.ts';
import { googleRoutes } from './routes/google.ts';
import { jwksRoutes } from './routes/jwks.ts';
import { attemptLimiter } from './routes/limits.ts';
import { loginRoutes } from './routes/login.ts';
import { identityMetrics } from './routes/metrics.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { signupRoutes } from './routes/signup.ts';
import { userRoutes } from './routes/user.ts';

/**
 * identity: accounts, passwords and sessions. Publishes identity.user.v1 and identity.signup.v1;
 * consumes only the kit's SessionsRevoked (which every service applies).
 */
export const identityService = defineService<IdentityConfig>({
  name: 'identity',
  settings: identitySettings,
  migrations: new URL('./db/migrations/', import.meta.url),
  async register(app, deps) {
    const { config } = deps;
    const signer = await createTokenSigner(config.JWT_PRIVATE_KEY, config.JWT_ISSUER, config.TOKEN_TTL_SECONDS);
    const limitAttempts = attemptLimiter(deps.cache, config);
    const seal = createSecretSealer(config.NOTIFICATIONS_PUBLIC_KEY, 'NOTIFICATIONS_PUBLIC_KEY');
    const background = createBackgroundTasks(deps.logger);
    app.addHook('onClose', () => background.drain());
    const google = config.GOOGLE_CLIENT_ID
      ? {
          clientId: config.GOOGLE_CLIENT_ID,
          accounts: createGoogleClient({
            tokenInfoUrl: config.GOOGLE_TOKENINFO_URL,
            userInfoUrl: config.GOOGLE_USERINFO_URL,
            timeoutMs: config.GOOGLE_TIMEOUT_MS,
            logger: deps.logger,
          }),
        }
      : undefined;

    const { signups } = identityMetrics(deps.metrics.registry);
    signupRoutes(app, { db: deps.db, uow: deps.uow, signer, limitAttempts, seal, signups });
    loginRoutes(app, { db: deps.db, signer, limitAttempts });
    passwordResetRoutes(app, { db: deps.db, uow: deps.uow, limitAttempts, seal, background });
    googleRoutes(app, { uow: deps.uow, signer, limitAttempts, signups, google });
    authConfigRoutes(app, config.GOOGLE_CLIENT_ID);
    userRoutes(app, { ...deps, signer, limitAttempts });
    jwksRoutes(app, config);
    return handlers;
  },
});
