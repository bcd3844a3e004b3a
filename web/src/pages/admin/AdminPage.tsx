import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';

/** An admin page: its title (the page's h1) with the page's own actions beside it, then its content. */
export function AdminPage({ title, actions, children }: { title: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <Flex vertical gap="large" style={{ maxWidth: 1200, margin: '0 auto', padding: 'clamp(16px, 4vw, 32px) 16px' }}>
      <Flex justify="space-between" align="center" wrap gap="small">
        <Typography.Title level={1} style={{ margin: 0, fontSize: 28 }}>
          {title}
        </Typography.Title>
        {actions}
      </Flex>
      {children}
    </Flex>
  );
}
