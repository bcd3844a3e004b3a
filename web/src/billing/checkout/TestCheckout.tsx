import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Modal } from 'antd';
import { api, dataOf } from '../../api/client.ts';
import type { PaymentConfirmation } from '../api.ts';
import { formatInr } from '../format.ts';
import { PREMIUM_PLAN } from '../plans.ts';
import styles from './TestCheckout.module.css';

/**
 * The embedded sandbox's stand-in for Razorpay's checkout, opened when the server answers with
 * testMode. Pay asks the sandbox for what Razorpay would hand back, and passes it on as Razorpay's
 * handler would; nothing is charged.
 */
export function TestCheckout({
  subscriptionId,
  email,
  onPaid,
  onCancel,
}: {
  subscriptionId: string;
  email: string;
  onPaid: (confirmation: PaymentConfirmation) => void;
  onCancel: () => void;
}) {
  const pay = useMutation({
    mutationFn: () => dataOf(api.POST('/dev/razorpay/pay', { body: { subscription_id: subscriptionId } })),
    onSuccess: onPaid,
  });
  // Once paid, the dialog stays busy until the checkout closes it.
  const paying = pay.isPending || pay.isSuccess;

  return (
    <Modal
      open
      title={
        <>
          Better+ checkout <span className={styles.badge}>TEST MODE</span>
        </>
      }
      mask={{ closable: false }}
      closable={!paying}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" disabled={paying} onClick={onCancel}>
          Cancel
        </Button>,
        <Button
          key="pay"
          type="primary"
          loading={paying}
          onClick={() => {
            pay.mutate();
          }}
        >
          Pay {formatInr(PREMIUM_PLAN.monthlyPriceRupees * 100)}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title="Test mode: no real money is taken. This checkout stands in for Razorpay." className={styles.alert} />
      {pay.isError && <Alert type="error" showIcon title="The test payment did not go through. Please try again." className={styles.alert} />}
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'plan', label: 'Plan', children: `${PREMIUM_PLAN.name} Plan Subscription - You can cancel anytime` },
          { key: 'price', label: 'Price', children: `${formatInr(PREMIUM_PLAN.monthlyPriceRupees * 100)} / month` },
          { key: 'email', label: 'Email', children: email },
        ]}
      />
    </Modal>
  );
}
