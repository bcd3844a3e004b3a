import { Card, Typography } from 'antd';
import { supportEmail, supportReplyTime } from '../../../app/support.ts';

/** Accounts are deleted only on request to support; there is no in-app deletion (spec section 6). */
export function DeleteAccountSection() {
  const mailto = `mailto:${supportEmail}?subject=${encodeURIComponent('Delete my account')}`;
  return (
    <Card title="Delete Account">
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        To delete your account, email <Typography.Link href={mailto}>{supportEmail}</Typography.Link> from the address you
        signed up with. We reply within {supportReplyTime}.
      </Typography.Paragraph>
    </Card>
  );
}
