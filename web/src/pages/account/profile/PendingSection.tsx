import { Card, Typography } from 'antd';

/**
 * PLACEHOLDER: stands in for the billing parts of the profile (current subscription, invoices,
 * plan selection), which are built with the subscription screens. Replace, do not extend.
 */
export function PendingSection({ title }: { title: string }) {
  return (
    <Card title={title}>
      <Typography.Text type="secondary">Coming soon.</Typography.Text>
    </Card>
  );
}
