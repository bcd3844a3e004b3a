import { publicJwks, verificationKeys, type BaseConfig, type ServiceApp } from '@betterplus/kit';

/**
 * Publishes the token-verification keys (the current one and, during a rotation, the previous
 * one, each with its kid) for services that prefer fetching them to configuring them.
 */
export function jwksRoutes(app: ServiceApp, config: Pick<BaseConfig, 'JWT_PUBLIC_KEY' | 'JWT_PREVIOUS_PUBLIC_KEY'>): void {
  app.get('/.well-known/jwks.json', async () => publicJwks(verificationKeys(config)));
}
