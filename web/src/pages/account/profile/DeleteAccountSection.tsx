import { Card, Typography } from 'antd';
import { supportReplyTime, useSupportEmail } from '../../../app/support.ts';
import { SectionTitle } from './SectionTitle.tsx';

/** Accounts are deleted only on request to support; there is no in-app deletion (spec section 6). */
export function DeleteAccountSection() {
  const supportEmail = useSupportEmail();
  return (
    <Card title={<SectionTitle>Delete Account</SectionTitle>}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        To delete your account, email{' '}
        {supportEmail ? (
          <Typography.Link href={`mailto:${supportEmail}?subject=${encodeURIComponent('Delete my account')}`}>{supportEmail}</Typography.Link>
        ) : (
          'our support team'
        )}{' '}
        from the address you signed up with. We reply within {supportReplyTime}.
      </Typography.Paragraph>
    </Card>
  );
}
