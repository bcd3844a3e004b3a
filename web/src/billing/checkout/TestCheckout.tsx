import { useState } from 'react';
import { Alert, Button, Descriptions, Modal } from 'antd';
import { api, dataOf } from '../../api/client.ts';
import type { PaymentConfirmation } from '../api.ts';
import { formatInr } from '../format.ts';
import { PREMIUM_PLAN } from '../plans.ts';

const badgeStyle = {
  marginLeft: 4,
  padding: '1px 8px',
  color: '#7c2d12',
  fontSize: 12,
  fontWeight: 600,
  letterSpacing: '0.04em',
  background: '#ffedd5',
  border: '1px solid #fdba74',
  borderRadius: 4,
} as const;

/**
 * The embedded sandbox's stand-in for Razorpay's checkout, opened when the server answers with
 * testMode. Pay asks the sandbox for what Razorpay would hand back, and passes it on as Razorpay's
 * handler would; nothing is charged.
 */
export function TestCheckout({ subscriptionId, email, onPaid, onCancel }: {
  subscriptionId: string;
  email: string;
  onPaid: (confirmation: PaymentConfirmation) => void;
  onCancel: () => void;
}) {
  const [paying, setPaying] = useState(false);
  const [failed, setFailed] = useState(false);

  async function pay() {
    setPaying(true);
    setFailed(false);
    try {
      onPaid(await dataOf(api.POST('/dev/razorpay/pay', { body: { subscription_id: subscriptionId } })));
    } catch {
      setFailed(true);
      setPaying(false);
    }
  }

  return (
    <Modal
      open
      title={
        <>
          Better+ checkout <span style={badgeStyle}>TEST MODE</span>
        </>
      }
      mask={{ closable: false }}
      closable={!paying}
      onCancel={onCancel}
      footer={[
        <Button key="cancel" disabled={paying} onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="pay" type="primary" loading={paying} onClick={() => void pay()}>
          Pay {formatInr(PREMIUM_PLAN.monthlyPriceRupees * 100)}
        </Button>,
      ]}
    >
      <Alert type="warning" showIcon title="Test mode: no real money is taken. This checkout stands in for Razorpay." style={{ marginBottom: 16 }} />
      {failed && <Alert type="error" showIcon title="The test payment did not go through. Please try again." style={{ marginBottom: 16 }} />}
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
