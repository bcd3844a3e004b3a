// Every route of the app in one table (spec section 2). Guards are layout routes: RequireUser for
// signed-in pages, RequireGuest for sign-in and sign-up.
import { Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout } from './components/layout/AppLayout.tsx';
import { SessionProvider } from './session/SessionProvider.tsx';
import { RequireGuest, RequireUser } from './session/guards.tsx';
import { LandingPage } from './pages/home/landing/LandingPage.tsx';
import { LoginPage } from './pages/auth/login/LoginPage.tsx';
import { SignupPage } from './pages/auth/signup/SignupPage.tsx';
import { ResetPasswordPage } from './pages/auth/reset-password/ResetPasswordPage.tsx';
import { requireToken } from './pages/auth/reset-password/requireToken.ts';
import { ChatPage } from './pages/assistant/chat/ChatPage.tsx';
import { ProfilePage } from './pages/account/profile/ProfilePage.tsx';
import { InvoicePage } from './pages/account/invoice/InvoicePage.tsx';
import { AboutPage } from './pages/info/about/AboutPage.tsx';
import { ContactPage } from './pages/info/contact/ContactPage.tsx';
import { TermsPage } from './pages/info/terms/TermsPage.tsx';
import { PrivacyPage } from './pages/info/privacy/PrivacyPage.tsx';
import { adminBase } from './pages/admin/paths.ts';
import { AdminLayout } from './pages/admin/AdminLayout.tsx';
import { DashboardPage } from './pages/admin/dashboard/DashboardPage.tsx';
import { UsersPage } from './pages/admin/users/UsersPage.tsx';
import { AnalyticsPage } from './pages/admin/analytics/AnalyticsPage.tsx';
import { NotFoundPage } from './pages/errors/not-found/NotFoundPage.tsx';

const toDashboard = <Navigate to={`${adminBase}/dashboard`} replace />;

export const routes: RouteObject[] = [
  {
    // The session lives inside the router so that signing in and out can navigate.
    element: (
      <SessionProvider>
        <AppLayout />
      </SessionProvider>
    ),
    children: [
      { path: '/', element: <LandingPage /> },
      {
        element: <RequireGuest />,
        children: [
          { path: '/login', element: <LoginPage /> },
          { path: '/signup', element: <SignupPage /> },
        ],
      },
      { path: '/reset-password', loader: requireToken, element: <ResetPasswordPage /> },
      {
        element: <RequireUser />,
        children: [
          { path: '/chat', element: <ChatPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/invoices/:id', element: <InvoicePage /> },
        ],
      },
      { path: '/about', element: <AboutPage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      {
        path: adminBase,
        element: <AdminLayout />,
        children: [
          { index: true, element: toDashboard },
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'users', element: <UsersPage /> },
          { path: 'analytics', element: <AnalyticsPage /> },
          { path: '*', element: toDashboard },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
