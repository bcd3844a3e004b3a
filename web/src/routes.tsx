// Every route of the app in one table (spec section 2). Guards are layout routes: RequireUser for
// signed-in pages, RequireGuest for sign-in and sign-up. Pages load lazily, each in its own chunk,
// except the landing page, which ships with the shell; `handle.title` names the page's tab (`ownTitle`: the page names it).
import { Navigate, type RouteObject } from 'react-router-dom';
import { Loading } from './components/Loading.tsx';
import { RouteError } from './components/RouteError.tsx';
import { AppLayout } from './components/layout/AppLayout.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { RequireGuest, RequireUser } from './session/guards.tsx';
import { requireToken } from './pages/auth/reset-password/requireToken.ts';
import { adminBase } from './pages/admin/paths.ts';
import { LandingPage } from './pages/home/landing/LandingPage.tsx';
import type { PageHandle } from './app/pageTitle.ts';

const toDashboard = <Navigate to={`${adminBase}/dashboard`} replace />;

function title(text: string): { handle: PageHandle } {
  return { handle: { title: text } };
}

const ownTitle: PageHandle = { ownTitle: true };

export const routes: RouteObject[] = [
  {
    // The session lives inside the router so that signing in and out can navigate.
    hydrateFallbackElement: <Loading />,
    errorElement: <RouteError />,
    element: (
      <SessionProvider>
        <AppLayout />
      </SessionProvider>
    ),
    children: [
      {
        path: '/',
        ...title('Your knowledge assistant for all things impact'),
        // The landing page is the first page most visitors see: it ships with the shell, no second round trip.
        element: <LandingPage />,
      },
      {
        element: <RequireGuest />,
        children: [
          { path: '/login', ...title('Sign in'), lazy: async () => ({ Component: (await import('./pages/auth/login/LoginPage.tsx')).LoginPage }) },
          { path: '/signup', ...title('Sign up'), lazy: async () => ({ Component: (await import('./pages/auth/signup/SignupPage.tsx')).SignupPage }) },
        ],
      },
      {
        path: '/reset-password',
        ...title('Set a new password'),
        loader: requireToken,
        lazy: async () => ({ Component: (await import('./pages/auth/reset-password/ResetPasswordPage.tsx')).ResetPasswordPage }),
      },
      {
        element: <RequireUser />,
        children: [
          { path: '/chat', ...title('Chat'), lazy: async () => ({ Component: (await import('./pages/assistant/chat/ChatPage.tsx')).ChatPage }) },
          {
            path: '/profile',
            ...title('Profile Settings'),
            lazy: async () => ({ Component: (await import('./pages/account/profile/ProfilePage.tsx')).ProfilePage }),
          },
          {
            path: '/invoices/:id',
            ...title('Invoice'),
            lazy: async () => ({ Component: (await import('./pages/account/invoice/InvoicePage.tsx')).InvoicePage }),
          },
          {
            path: '/knowledge',
            ...title('Knowledge Base'),
            lazy: async () => ({ Component: (await import('./pages/knowledge/browse/KnowledgePage.tsx')).KnowledgePage }),
          },
          // An entry's tab carries its title, known once the entry has loaded.
          { path: '/knowledge/:id', handle: ownTitle, lazy: async () => ({ Component: (await import('./pages/knowledge/entry/EntryPage.tsx')).EntryPage }) },
        ],
      },
      { path: '/about', ...title('About'), lazy: async () => ({ Component: (await import('./pages/info/about/AboutPage.tsx')).AboutPage }) },
      { path: '/contact', ...title('Contact Us'), lazy: async () => ({ Component: (await import('./pages/info/contact/ContactPage.tsx')).ContactPage }) },
      { path: '/terms', ...title('Terms and Conditions'), lazy: async () => ({ Component: (await import('./pages/info/terms/TermsPage.tsx')).TermsPage }) },
      { path: '/privacy', ...title('Privacy Policy'), lazy: async () => ({ Component: (await import('./pages/info/privacy/PrivacyPage.tsx')).PrivacyPage }) },
      {
        // The admin area loads only here (its charts and tables stay out of the public pages). Its
        // layout guards it: the index is the sign-in, every other page needs the admin signed in.
        path: adminBase,
        ...title('Admin Panel'),
        lazy: async () => ({ Component: (await import('./pages/admin/AdminLayout.tsx')).AdminLayout }),
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./pages/admin/signin/AdminSignInPage.tsx')).AdminSignInPage }) },
          {
            path: 'dashboard',
            ...title('Dashboard · Admin'),
            lazy: async () => ({ Component: (await import('./pages/admin/dashboard/DashboardPage.tsx')).DashboardPage }),
          },
          { path: 'users', ...title('Users · Admin'), lazy: async () => ({ Component: (await import('./pages/admin/users/UsersPage.tsx')).UsersPage }) },
          {
            path: 'analytics',
            ...title('Analytics · Admin'),
            lazy: async () => ({ Component: (await import('./pages/admin/analytics/AnalyticsPage.tsx')).AnalyticsPage }),
          },
          { path: '*', element: toDashboard },
        ],
      },
      { path: '*', ...title('Page not found'), lazy: async () => ({ Component: (await import('./pages/errors/not-found/NotFoundPage.tsx')).NotFoundPage }) },
    ],
  },
];
