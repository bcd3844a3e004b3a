import { lazy, Suspense, useState } from 'react';
import { Button, Flex, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { useSession } from '../../session/context.ts';
import { ButtonLink } from '../RouterLink.tsx';
import styles from './layout.module.css';

// The drawer is for signed-in users only and loads on its first opening, outside the landing bundle.
const RightDrawer = lazy(async () => ({ default: (await import('./RightDrawer.tsx')).RightDrawer }));

export function Header() {
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);

  return (
    <Layout.Header className={styles.header}>
      <Flex align="center" justify="space-between" className={`${styles.bar} ${styles.headerBar}`}>
        <Link to="/" className="app-brand">
          Better+
        </Link>
        {user ? (
          <>
            <Button
              type="text"
              icon={<MenuOutlined />}
              aria-label="Open menu"
              aria-expanded={menuOpen}
              onClick={() => {
                setMenuUsed(true);
                setMenuOpen(true);
              }}
            />
            {menuUsed && (
              <Suspense>
                <RightDrawer
                  open={menuOpen}
                  onClose={() => {
                    setMenuOpen(false);
                  }}
                />
              </Suspense>
            )}
          </>
        ) : (
          <Flex gap="small" component="nav" aria-label="Account">
            <ButtonLink to="/login">Sign in</ButtonLink>
            <ButtonLink to="/signup" type="primary">
              Sign up
            </ButtonLink>
          </Flex>
        )}
      </Flex>
    </Layout.Header>
  );
}
