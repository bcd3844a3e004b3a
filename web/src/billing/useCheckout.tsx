import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { trackEvent } from '../analytics/track.ts';
import { errorMessage } from '../api/errors.ts';
import { useSession } from '../session/context.ts';
import type { ChosenPlan, PaymentConfirmation } from './api.ts';

// The checkout's code (and antd's Modal with it) loads on the first click of a plan, never with the landing page.
const TestCheckout = lazy(async () => ({ default: (await import('./checkout/TestCheckout.tsx')).TestCheckout }));

interface TestCheckoutRequest {
  subscriptionId: string;
  settle: (confirmation: PaymentConfirmation | null) => void;
}

export interface Checkout {
  /** Starts choosing `plan` for the signed-in user; ignored while a choice is under way. */
  choose: (plan: ChosenPlan) => void;
  /** The plan being chosen, while it is. */
  pending: ChosenPlan | null;
  /** Why the last choice failed, in the words of spec section 8. */
  error: string | null;
  /** The sandbox's test checkout when it is open: render it. */
  dialog: ReactNode;
}

/**
 * Choosing a plan, shared by the landing page's pricing cards and the profile's plan section: the
 * checkout module (checkout/checkout.ts) is imported when a card is clicked. Once subscribed, the
 * user goes to /chat.
 */
export function useCheckout(): Checkout {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const email = useSession().user?.email ?? '';
  const [pending, setPending] = useState<ChosenPlan | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [testCheckout, setTestCheckout] = useState<TestCheckoutRequest | null>(null);
  const busy = useRef(false);

  const choose = useCallback(
    (plan: ChosenPlan) => {
      if (busy.current) return;
      busy.current = true;
      setPending(plan);
      setError(null);
      const openTestCheckout = (subscriptionId: string) =>
        new Promise<PaymentConfirmation | null>((resolve) => {
          setTestCheckout({
            subscriptionId,
            settle: (confirmation) => {
              setTestCheckout(null);
              resolve(confirmation);
            },
          });
        });

      void (async () => {
        try {
          const { checkout } = await import('./checkout/checkout.ts');
          const outcome = await checkout(plan, { queryClient, email, openTestCheckout });
          if (outcome.kind === 'failed') setError(outcome.message);
          if (outcome.kind === 'subscribed') {
            trackEvent('subscription_started', { plan });
            await navigate('/chat');
          }
        } catch (loadError) {
          // The checkout's code did not load (offline, or a new release replaced it).
          setError(errorMessage('createSubscription', loadError));
        } finally {
          busy.current = false;
          setPending(null);
        }
      })();
    },
    [email, navigate, queryClient],
  );

  const dialog = testCheckout && (
    <Suspense>
      <TestCheckout
        subscriptionId={testCheckout.subscriptionId}
        email={email}
        onPaid={testCheckout.settle}
        onCancel={() => {
          testCheckout.settle(null);
        }}
      />
    </Suspense>
  );

  return { choose, pending, error, dialog };
}
