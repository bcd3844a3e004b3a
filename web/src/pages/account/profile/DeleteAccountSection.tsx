import { Card, Typography } from 'antd';
import { supportReplyTime, useSupportEmail } from '../../../app/support.ts';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import styles from './profile.module.css';

/** Accounts are deleted only on request to support; there is no in-app deletion (spec section 6). */
export function DeleteAccountSection() {
  const supportEmail = useSupportEmail();
  return (
    <Card title={<SectionTitle>Delete Account</SectionTitle>}>
      <p className={styles.deleteText}>
        To delete your account, email{' '}
        {supportEmail ? (
          <Typography.Link href={`mailto:${supportEmail}?subject=${encodeURIComponent('Delete my account')}`}>{supportEmail}</Typography.Link>
        ) : (
          'our support team'
        )}{' '}
        from the address you signed up with. We reply within {supportReplyTime}.
      </p>
    </Card>
  );
}
