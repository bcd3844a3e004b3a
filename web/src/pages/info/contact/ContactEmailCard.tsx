import { Card, Flex, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { supportReplyTime, useSupportEmail } from '../../../app/support.ts';

export function ContactEmailCard() {
  const supportEmail = useSupportEmail();
  return (
    <Card>
      <Flex gap="middle" align="start">
        <MailOutlined style={{ fontSize: 24, marginTop: 4 }} />
        <div>
          <Typography.Title level={2} style={{ marginTop: 0, fontSize: 20 }}>
            Email us
          </Typography.Title>
          {supportEmail && (
            <Typography.Link href={`mailto:${supportEmail}`} style={{ wordBreak: 'break-all' }}>
              {supportEmail}
            </Typography.Link>
          )}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            We reply within {supportReplyTime}.
          </Typography.Paragraph>
        </div>
      </Flex>
    </Card>
  );
}
