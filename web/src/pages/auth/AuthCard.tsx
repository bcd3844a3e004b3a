import type { ReactNode } from 'react';
import { Card, Flex, Typography } from 'antd';

/** The narrow centred card that login, signup and reset-password share; full width on a phone. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="center" style={{ padding: 'clamp(24px, 6vw, 64px) 16px' }}>
      <Card style={{ width: '100%', maxWidth: 420 }}>
        <Typography.Title level={1} style={{ marginTop: 0, textAlign: 'center', fontSize: 30 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </Flex>
  );
}
