import { useQuery } from '@tanstack/react-query';
import { Flex, Typography } from 'antd';
import { billingDetailsQuery, invoicesQuery, subscriptionQuery } from '../../../billing/api.ts';
import { BillingDetailsSection } from './BillingDetailsSection.tsx';
import { ChangePasswordSection } from './ChangePasswordSection.tsx';
import { ChoosePlanSection } from './ChoosePlanSection.tsx';
import { DeleteAccountSection } from './DeleteAccountSection.tsx';
import { InvoicesSection } from './InvoicesSection.tsx';
import { ProfileInfoSection } from './ProfileInfoSection.tsx';
import { SubscriptionSection } from './SubscriptionSection.tsx';

/** Profile Settings (spec section 2): the account's sections, one card each, in one column. */
export function ProfilePage() {
  // The plan section is scrolled to (/profile#choose-a-plan) once the sections above it stop growing.
  const settled = [useQuery(subscriptionQuery), useQuery(billingDetailsQuery), useQuery(invoicesQuery)].every(({ isPending }) => !isPending);
  return (
    <Flex vertical gap="large" style={{ maxWidth: 760, margin: '0 auto', padding: 'clamp(24px, 5vw, 48px) 16px' }}>
      <Typography.Title level={1} style={{ margin: 0, fontSize: 30 }}>
        Profile Settings
      </Typography.Title>
      <ProfileInfoSection />
      <ChangePasswordSection />
      <SubscriptionSection />
      <BillingDetailsSection />
      <InvoicesSection />
      <ChoosePlanSection settled={settled} />
      <DeleteAccountSection />
    </Flex>
  );
}
