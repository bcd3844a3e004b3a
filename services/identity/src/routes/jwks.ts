import { publicJwks, type ServiceApp } from '@betterplus/kit';

/** Publishes the token-verification key for services that prefer fetching it to configuring it. */
export function jwksRoutes(app: ServiceApp, publicKeyPem: string): void {
  app.get('/.well-known/jwks.json', async () => publicJwks(publicKeyPem));
}
