import { useSession } from '../../../session/context.ts';
import { BASIC_PLAN, PREMIUM_PLAN, queriesPerMonth } from '../plans.ts';
import { LandingSection } from './LandingSection.tsx';
import { PlanCard } from './PlanCard.tsx';

/**
 * The two plans of spec section 9. Signed out, both buttons lead to sign-up. Signed in, Basic leads
 * to the chat and Premium to the profile, where plans are chosen (its checkout comes with billing).
 */
export function Pricing() {
  const signedIn = useSession().user !== null;
  return (
    <LandingSection title="Choose your plan" intro="Start free, and upgrade when you need more answers." tinted>
      <ul className="landing-grid landing-grid-2 landing-plans">
        <PlanCard
          plan={BASIC_PLAN}
          features={[queriesPerMonth(BASIC_PLAN), 'Answers from the whole archive, with sources']}
          action={{ label: 'Start for Free', to: signedIn ? '/chat' : '/signup' }}
        />
        <PlanCard
          plan={PREMIUM_PLAN}
          features={[queriesPerMonth(PREMIUM_PLAN), 'Answers from the whole archive, with sources', 'Renews monthly', 'Cancel anytime']}
          action={{ label: 'Upgrade Now', to: signedIn ? '/profile' : '/signup' }}
          highlight="Most Popular"
        />
      </ul>
    </LandingSection>
  );
}
