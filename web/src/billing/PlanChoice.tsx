import { useEffect, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../session/context.ts';
import type { ReturnState } from '../session/returnTo.ts';
import { premiumActive, subscriptionQuery, type ChosenPlan, type Subscription } from './api.ts';
import { PlanCard, type PlanAction } from './PlanCard.tsx';
import { BASIC_PLAN, PREMIUM_PLAN, queriesPerMonth } from './plans.ts';
import { useCheckout, type Checkout } from './useCheckout.tsx';
import './plans.css';

const basicFeatures = [queriesPerMonth(BASIC_PLAN), 'Answers from the whole archive, with sources'];
const premiumFeatures = [queriesPerMonth(PREMIUM_PLAN), 'Answers from the whole archive, with sources', 'Renews monthly', 'Cancel anytime'];

/** Signed out, choosing a plan starts at /login (spec section 4); Upgrade Now comes back to the plans. */
const signInFirst = (label: string, from?: string): PlanAction => ({
  label,
  to: '/login',
  state: from === undefined ? undefined : ({ from } satisfies ReturnState),
});

/**
 * The card states of spec section 4: the plan held shows 'Current Plan', disabled; the free card is
 * disabled while Premium is active; otherwise Start for Free and Upgrade Now choose the plan.
 */
function actions(subscription: Subscription | null | undefined, loading: boolean, checkout: Checkout): Record<ChosenPlan, PlanAction> {
  const held = subscription?.active ? subscription.plan : null;
  const action = (plan: ChosenPlan, label: string): PlanAction => ({
    label,
    // Until the subscription is known, a click could choose the plan already held.
    disabled: loading || checkout.pending !== null,
    loading: checkout.pending === plan,
    onClick: () => {
      checkout.choose(plan);
    },
  });
  return {
    free:
      held === 'basic'
        ? { ...action('free', 'Current Plan'), disabled: true }
        : premiumActive(subscription)
          ? { ...action('free', 'Start for Free'), disabled: true, note: 'You can switch to Basic when your Premium plan ends.' }
          : action('free', 'Start for Free'),
    premium: held === 'premium' ? { ...action('premium', 'Current Plan'), disabled: true } : action('premium', 'Upgrade Now'),
  };
}

/** Why a choice failed; it takes the focus, so keyboard and screen-reader users meet it. Plain markup: it ships with the landing page. */
function ChoiceError({ text }: { text: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [text]);
  return (
    <p ref={ref} tabIndex={-1} role="alert" className="plan-error">
      {text}
    </p>
  );
}

/** The two pricing cards, on the landing page and in the profile. */
export function PlanChoice() {
  const signedIn = useSession().user !== null;
  return signedIn ? <SignedInPlanChoice /> : <PlanCards free={signInFirst('Start for Free')} premium={signInFirst('Upgrade Now', '/profile#choose-a-plan')} />;
}

function SignedInPlanChoice() {
  const checkout = useCheckout();
  const { data: subscription, isPending } = useQuery(subscriptionQuery);
  const { free, premium } = actions(subscription, isPending, checkout);
  return (
    <>
      {checkout.error !== null && <ChoiceError text={checkout.error} />}
      <PlanCards free={free} premium={premium} />
      {checkout.dialog}
    </>
  );
}

function PlanCards({ free, premium }: Record<ChosenPlan, PlanAction>) {
  return (
    <ul className="plan-grid">
      <PlanCard plan={BASIC_PLAN} features={basicFeatures} action={free} />
      <PlanCard plan={PREMIUM_PLAN} features={premiumFeatures} action={premium} highlight="Most Popular" />
    </ul>
  );
}
