import { Type, type ServiceApp } from '@betterplus/kit';

/** What the sign-in screens need to know: the web shows the Google button only with a client id. */
export function authConfigRoutes(app: ServiceApp, googleClientId: string | undefined): void {
  app.get(
    '/api/auth/config',
    {
      schema: {
        summary: 'Public sign-in settings for the web app',
        response: { 200: Type.Object({ googleClientId: Type.Union([Type.String(), Type.Null()]) }) },
      },
    },
    async () => ({ googleClientId: googleClientId ?? null }),
  );
}
