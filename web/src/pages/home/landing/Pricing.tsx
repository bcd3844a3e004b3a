import { PlanChoice } from '../../../billing/PlanChoice.tsx';
import { LandingSection } from './LandingSection.tsx';

/**
 * The two plans of spec section 9, the same cards as the profile's plan section: signed out they
 * lead to /login, signed in they choose the plan (the checkout's code loads on the click).
 */
export function Pricing() {
  return (
    <LandingSection title="Choose your plan" intro="Start free, and upgrade when you need more answers." tinted>
      <PlanChoice />
    </LandingSection>
  );
}
