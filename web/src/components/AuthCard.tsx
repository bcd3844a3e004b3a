import type { ReactNode } from 'react';
import { Card } from 'antd';
import styles from './components.module.css';
import { PageLayout } from './layout/PageLayout.tsx';

/** The narrow card that sign-in, sign-up, reset-password and the admin sign-in share; full width on a phone. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageLayout width="narrow">
      <Card>
        <h1 className={styles.authTitle}>{title}</h1>
        {children}
      </Card>
    </PageLayout>
  );
}
