import { Drawer, Menu, type MenuProps } from 'antd';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../session/context.ts';
import { publisher } from './publisher.ts';

const SIGN_OUT = 'sign-out';

// Keys are the paths, so the current page shows as selected.
const items: MenuProps['items'] = [
  { key: '/chat', label: <Link to="/chat">Chat</Link> },
  { key: '/profile', label: <Link to="/profile">Profile</Link> },
  { key: '/terms', label: <Link to="/terms">Terms and Conditions</Link> },
  { key: '/privacy', label: <Link to="/privacy">Privacy Policy</Link> },
  { key: '/contact', label: <Link to="/contact">Contact Us</Link> },
  {
    key: publisher.url,
    label: (
      <a href={publisher.url} target="_blank" rel="noopener noreferrer">
        {publisher.name}
      </a>
    ),
  },
  { type: 'divider' },
  { key: SIGN_OUT, label: 'Sign Out', danger: true },
];

/** The signed-in menu, fixed at the right. */
export function RightDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { signOut } = useSession();
  const { pathname } = useLocation();

  const onClick: MenuProps['onClick'] = ({ key }) => {
    onClose();
    if (key === SIGN_OUT) void signOut();
  };

  return (
    <Drawer title="Menu" placement="right" size={280} open={open} onClose={onClose}>
      <Menu mode="inline" items={items} selectedKeys={[pathname]} onClick={onClick} style={{ borderInlineEnd: 'none' }} />
    </Drawer>
  );
}
