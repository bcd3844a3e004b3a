import { CheckOutlined } from '@ant-design/icons';
import { ButtonLink } from '../../../components/RouterLink.tsx';
import { formatRupees, type PlanOffer } from '../plans.ts';

export interface PlanCardProps {
  plan: PlanOffer;
  features: string[];
  action: { label: string; to: string };
  /** Premium's 'Most Popular' mark. */
  highlight?: string;
}

export function PlanCard({ plan, features, action, highlight }: PlanCardProps) {
  return (
    <li className={highlight === undefined ? 'landing-card landing-plan' : 'landing-card landing-plan landing-plan-highlight'}>
      {highlight !== undefined && <p className="landing-plan-badge">{highlight}</p>}
      <h3 className="landing-h3">{plan.name}</h3>
      <p className="landing-plan-price">
        <span className="landing-plan-amount">{formatRupees(plan.monthlyPriceRupees)}</span> <span className="app-secondary">per month</span>
      </p>
      <ul className="landing-plan-features">
        {features.map((feature) => (
          <li key={feature}>
            <CheckOutlined aria-hidden="true" className="landing-plan-check" />
            {feature}
          </li>
        ))}
      </ul>
      <ButtonLink to={action.to} type={highlight === undefined ? 'default' : 'primary'} size="large" block>
        {action.label}
      </ButtonLink>
    </li>
  );
}
