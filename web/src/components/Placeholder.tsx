import { Typography } from 'antd';

/** Stands in for a page that is not built yet. */
export function Placeholder({ title }: { title: string }) {
  return (
    <div style={{ maxWidth: 960, margin: '0 auto', padding: '48px 16px' }}>
      <Typography.Title level={1} style={{ fontSize: 30 }}>
        {title}
      </Typography.Title>
      <Typography.Paragraph type="secondary">This page is coming soon.</Typography.Paragraph>
    </div>
  );
}
