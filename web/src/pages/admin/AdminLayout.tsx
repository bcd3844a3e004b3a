import { Menu } from 'antd';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { adminBase } from './paths.ts';

const tabs = [
  { key: `${adminBase}/dashboard`, label: <Link to={`${adminBase}/dashboard`}>Dashboard</Link> },
  { key: `${adminBase}/users`, label: <Link to={`${adminBase}/users`}>Users</Link> },
  { key: `${adminBase}/analytics`, label: <Link to={`${adminBase}/analytics`}>Analytics</Link> },
];

/** The admin area: its tabs above the chosen admin page. */
export function AdminLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <Menu mode="horizontal" items={tabs} selectedKeys={[pathname]} style={{ justifyContent: 'center' }} />
      <Outlet />
    </>
  );
}
