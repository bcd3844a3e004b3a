import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Descriptions, Modal, Skeleton, Typography } from 'antd';
import { api, dataOf } from '../../../api/client.ts';
import { errorMessage } from '../../../api/errors.ts';
import { LONG_NOTE_MS, SHORT_NOTE_MS } from '../../../app/timings.ts';
import { subscriptionQuery, type Subscription } from '../../../billing/api.ts';
import { formatIndiaDate } from '../../../billing/format.ts';
import { BASIC_PLAN, PREMIUM_PLAN, queriesPerMonth } from '../../../billing/plans.ts';
import { Notice } from '../../../components/Notice.tsx';
import { useTimedMessage } from '../../../hooks/useTimedMessage.ts';
import { SectionTitle } from '../../../components/SectionTitle.tsx';
import styles from './profile.module.css';

const planNames = { basic: BASIC_PLAN.name, premium: PREMIUM_PLAN.name } as const;
const statusNames = { active: 'Active', cancelled: 'Cancelled', halted: 'Halted', expired: 'Expired' } as const;

const CANCELLED = 'Subscription cancelled successfully. You can continue using premium features until your current billing period ends.';

/** Plan, allowance and expiry (spec section 2); Premium that is not cancelled can be cancelled after a confirmation. */
export function SubscriptionSection() {
  const { data: subscription, isPending } = useQuery(subscriptionQuery);
  const status = useTimedMessage(SHORT_NOTE_MS);

  return (
    <Card title={<SectionTitle>Current Subscription</SectionTitle>}>
      {status.message && <Notice {...status.message} />}
      {/* A failure to load is silent (spec section 8); no subscription is said. */}
      {isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : subscription === null ? (
        <Typography.Text>No active subscription</Typography.Text>
      ) : subscription !== undefined ? (
        <>
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'plan', label: 'Plan', children: planNames[subscription.plan] },
              { key: 'status', label: 'Status', children: statusNames[subscription.status] },
              { key: 'queries', label: 'Queries used', children: `${subscription.queriesUsed} / ${subscription.queriesLimit}` },
              { key: 'expiry', label: 'Expiry date', children: formatIndiaDate(subscription.endDate) },
            ]}
          />
          {subscription.plan === 'premium' && subscription.status === 'cancelled' && (
            <p className={styles.cancelledNote}>Premium stays yours until {formatIndiaDate(subscription.endDate)}; then your plan switches to Basic.</p>
          )}
          {subscription.plan === 'premium' && subscription.status !== 'cancelled' && <CancelPremium subscription={subscription} status={status} />}
        </>
      ) : null}
    </Card>
  );
}

/** Cancel Subscription and its confirmation; the outcome is told in the section's status note. */
function CancelPremium({ subscription, status }: { subscription: Subscription; status: ReturnType<typeof useTimedMessage> }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation({
    mutationFn: () => dataOf(api.POST('/api/subscription/cancel')),
    onSuccess: (cancelled) => {
      queryClient.setQueryData(subscriptionQuery.queryKey, cancelled);
      status.show('success', CANCELLED, LONG_NOTE_MS);
    },
    onError: (error) => {
      status.show('error', errorMessage('cancelSubscription', error));
    },
    onSettled: () => {
      setConfirming(false);
    },
  });

  return (
    <>
      <Button
        danger
        className={styles.cancelButton}
        onClick={() => {
          status.clear();
          setConfirming(true);
        }}
      >
        Cancel Subscription
      </Button>
      <Modal
        open={confirming}
        title="Cancel your Premium subscription?"
        okText="Yes, Cancel Subscription"
        cancelText="Keep Premium"
        okButtonProps={{ danger: true }}
        confirmLoading={cancel.isPending}
        // The outcome's note takes the focus (an error) or is announced; the button it would return to is gone.
        focusable={{ focusTriggerAfterClose: false }}
        onOk={() => {
          cancel.mutate();
        }}
        onCancel={() => {
          setConfirming(false);
        }}
      >
        Your Premium access lasts until {formatIndiaDate(subscription.endDate)}. After that your plan switches to Basic, with {queriesPerMonth(BASIC_PLAN)}.
        Payments are not refunded.
      </Modal>
    </>
  );
}
