// Renders the whole app, route table and all, at a path, against a stubbed network: a component
// test sees a page as a user does, with the real session, guards and API client around it.
import { afterEach } from 'node:test';
import type { QueryClient } from '@tanstack/react-query';
import { cleanup, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router-dom';
import { storeToken } from '../../src/api/client.ts';
import { AppProviders, createQueryClient } from '../../src/app/AppProviders.tsx';
import { routes } from '../../src/routes.tsx';
import { stubNetwork, type Routes } from './network.ts';

export const testUser = { name: 'Asha Rao', email: 'asha@example.in' };

/** What every page may ask for besides its own calls. */
const shellRoutes: Routes = {
  'GET /api/user': { body: testUser },
  'GET /api/contact/info': { body: { supportEmail: 'support@example.in' } },
  'GET /api/auth/config': { body: { googleClientId: null } },
  'POST /api/analytics/collect': { status: 204 },
};

interface RenderOptions {
  /** The page's calls and their answers (a shell route given here replaces the default). */
  routes?: Routes;
  /** A token is stored, as after signing in: the session loads the user with it. */
  signedIn?: boolean;
  /** What the tab's session storage holds as the page opens. */
  sessionStorage?: Record<string, string>;
}

// Unmounted, a page's queries would wait out their cache time (minutes) on timers that keep the test process alive.
const clients: QueryClient[] = [];
afterEach(() => {
  cleanup();
  for (const client of clients.splice(0)) client.clear();
});

export function renderApp(path: string, { routes: pageRoutes = {}, signedIn = false, sessionStorage: stored = {} }: RenderOptions = {}) {
  localStorage.clear();
  sessionStorage.clear();
  for (const [key, value] of Object.entries(stored)) sessionStorage.setItem(key, value);
  if (signedIn) storeToken('test-token');
  const network = stubNetwork({ ...shellRoutes, ...pageRoutes });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  clients.push(queryClient);
  render(<AppProviders queryClient={queryClient} router={router} />);
  return { network, router, user: userEvent.setup() };
}
