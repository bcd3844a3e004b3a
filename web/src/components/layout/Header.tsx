import { useState } from 'react';
import { Button, Flex, Layout } from 'antd';
import { MenuOutlined } from '@ant-design/icons';
import { useSession } from '../../session/context.ts';
import { ButtonLink, RouterLink } from '../RouterLink.tsx';
import { RightDrawer } from './RightDrawer.tsx';

export function Header() {
  const { user } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <Layout.Header style={{ position: 'sticky', top: 0, zIndex: 10, borderBottom: '1px solid #f0f0f0' }}>
      <Flex align="center" justify="space-between" style={{ height: '100%', maxWidth: 1200, margin: '0 auto' }}>
        <RouterLink to="/" strong style={{ fontSize: 22 }}>
          Better+
        </RouterLink>
        {user ? (
          <>
            <Button type="text" icon={<MenuOutlined />} aria-label="Open menu" onClick={() => { setMenuOpen(true); }} />
            <RightDrawer open={menuOpen} onClose={() => { setMenuOpen(false); }} />
          </>
        ) : (
          <ButtonLink to="/signup" type="primary">
            Sign up
          </ButtonLink>
        )}
      </Flex>
    </Layout.Header>
  );
}
