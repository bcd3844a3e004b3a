import { Button, Flex, Menu } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { Link, Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAdminSession } from './session/context.ts';
import { AdminSessionProvider } from './session/AdminSessionProvider.tsx';
import { adminPaths, isAdminSignInPath } from './paths.ts';
import styles from './admin.module.css';

const tabs = [
  { key: adminPaths.dashboard, label: <Link to={adminPaths.dashboard}>Dashboard</Link> },
  { key: adminPaths.users, label: <Link to={adminPaths.users}>Users</Link> },
  { key: adminPaths.analytics, label: <Link to={adminPaths.analytics}>Analytics</Link> },
];

/** The admin area (spec section 2): its sign-in at /vikarapanel, and once signed in, its tabs above the chosen page. */
export function AdminLayout() {
  return (
    <AdminSessionProvider>
      <AdminGate />
    </AdminSessionProvider>
  );
}

/** Signed out, only the sign-in shows; signed in, the sign-in leads to the dashboard. */
function AdminGate() {
  const { signedIn } = useAdminSession();
  const atSignIn = isAdminSignInPath(useLocation().pathname);
  if (!signedIn) return atSignIn ? <Outlet /> : <Navigate to={adminPaths.signIn} replace />;
  if (atSignIn) return <Navigate to={adminPaths.dashboard} replace />;
  return <AdminFrame />;
}

function AdminFrame() {
  const { pathname } = useLocation();
  const { signOut } = useAdminSession();
  // Spec section 2: logging out of the dashboard leaves for /, of any other page for the admin sign-in.
  const afterLogout = pathname === adminPaths.dashboard ? '/' : adminPaths.signIn;
  return (
    <>
      <div className={styles.tabsBar}>
        <Flex align="center" gap="small" className={styles.tabsBarContent}>
          <nav aria-label="Admin" className={styles.tabs}>
            <Menu mode="horizontal" items={tabs} selectedKeys={[pathname]} className={styles.tabsMenu} />
          </nav>
          <Button icon={<LogoutOutlined />} onClick={() => void signOut(afterLogout)}>
            Logout
          </Button>
        </Flex>
      </div>
      <Outlet />
    </>
  );
}
