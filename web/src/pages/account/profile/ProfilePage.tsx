import { useQuery } from '@tanstack/react-query';
import { Flex } from 'antd';
import { billingDetailsQuery, invoicesQuery, subscriptionQuery } from '../../../billing/api.ts';
import { PageLayout } from '../../../components/layout/PageLayout.tsx';
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
    <PageLayout width="text" title="Profile Settings">
      <Flex vertical gap="large">
        <ProfileInfoSection />
        <ChangePasswordSection />
        <SubscriptionSection />
        <BillingDetailsSection />
        <InvoicesSection />
        <ChoosePlanSection settled={settled} />
        <DeleteAccountSection />
      </Flex>
    </PageLayout>
  );
}
