import { Flex, Typography } from 'antd';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { PendingSection } from './PendingSection.tsx';
import { ProfileInfoSection } from './ProfileInfoSection.tsx';

/** Profile Settings (spec section 2): the account's sections, one card each, in one column. */
export function ProfilePage() {
  return (
    <Flex vertical gap="large" style={{ maxWidth: 760, margin: '0 auto', padding: 'clamp(24px, 5vw, 48px) 16px' }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
        Profile Settings
      </Typography.Title>
      <ProfileInfoSection />
      <ChangePasswordSection />
      {/* PLACEHOLDERS: the billing sections arrive with the subscription screens. */}
      <PendingSection title="Current Subscription" />
      <PendingSection title="Invoices" />
      <PendingSection title="Choose a Plan" />
      <DeleteAccountSection />
    </Flex>
  );
}
