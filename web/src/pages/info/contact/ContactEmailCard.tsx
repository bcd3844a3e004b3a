import { Card, Flex, Typography } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { supportReplyTime, useSupportEmail } from '../../../app/support.ts';
import styles from '../info.module.css';

export function ContactEmailCard() {
  const supportEmail = useSupportEmail();
  return (
    <Card>
      <Flex gap="middle" align="start">
        <MailOutlined className={styles.mailIcon} />
        <div>
          <h2 className={styles.cardTitle}>Email us</h2>
          {supportEmail && (
            <Typography.Link href={`mailto:${supportEmail}`} className={styles.address}>
              {supportEmail}
            </Typography.Link>
          )}
          <p className={styles.replyTime}>We reply within {supportReplyTime}.</p>
        </div>
      </Flex>
    </Card>
  );
}
