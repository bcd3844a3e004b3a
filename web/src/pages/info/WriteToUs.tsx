import type { ReactNode } from 'react';
import { Typography } from 'antd';
import { RouterLink } from '../../components/RouterLink.tsx';
import { supportReplyTime, useSupportEmail } from '../../app/support.ts';

/** "<lead: ... write to us> through the Contact Us page (or by email). We reply within 24-48 hours.", as the info pages end. */
export function WriteToUs({ lead }: { lead: ReactNode }) {
  const supportEmail = useSupportEmail();
  return (
    <Typography.Paragraph>
      {lead} through the <RouterLink to="/contact">Contact Us</RouterLink> page
      {supportEmail !== undefined && (
        <>
          {' '}
          or at <Typography.Link href={`mailto:${supportEmail}`}>{supportEmail}</Typography.Link>
        </>
      )}
      . We reply within {supportReplyTime}.
    </Typography.Paragraph>
  );
}
