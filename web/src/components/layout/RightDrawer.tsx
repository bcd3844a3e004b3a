import { Button, Divider, Drawer, Flex } from 'antd';
import { useLocation } from 'react-router-dom';
import { useSession } from '../../session/context.ts';
import { ButtonLink } from '../RouterLink.tsx';
import { publisher } from './publisher.ts';
import styles from './layout.module.css';

const pages = [
  { to: '/chat', label: 'Chat' },
  { to: '/knowledge', label: 'Knowledge Base' },
  { to: '/profile', label: 'Profile' },
  { to: '/terms', label: 'Terms and Conditions' },
  { to: '/privacy', label: 'Privacy Policy' },
  { to: '/contact', label: 'Contact Us' },
];

/**
 * The signed-in menu, fixed at the right. Plain links and a button rather than an antd Menu: a
 * menu reaches its items with the arrow keys only, and every item here must be reachable with Tab.
 */
export function RightDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { signOut } = useSession();
  const { pathname } = useLocation();

  return (
    <Drawer title="Menu" placement="right" size={280} open={open} onClose={onClose}>
      <Flex vertical component="nav" aria-label="Menu" gap={4}>
        {pages.map(({ to, label }) => (
          <ButtonLink
            key={to}
            to={to}
            type={pathname === to ? 'primary' : 'text'}
            ghost={pathname === to}
            aria-current={pathname === to ? 'page' : undefined}
            block
            className={styles.menuItem}
            onClickCapture={onClose}
          >
            {label}
          </ButtonLink>
        ))}
        <Button type="text" block href={publisher.url} target="_blank" rel="noopener noreferrer" className={styles.menuItem}>
          {publisher.name}
        </Button>
        <Divider className={styles.menuDivider} />
        <Button
          type="text"
          danger
          block
          className={styles.menuItem}
          onClick={() => {
            onClose();
            void signOut();
          }}
        >
          Sign Out
        </Button>
      </Flex>
    </Drawer>
  );
}
