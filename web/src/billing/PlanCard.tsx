import { useId } from 'react';
import { CheckOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { To } from 'react-router-dom';
import { ButtonLink } from '../components/RouterLink.tsx';
import { formatRupees, type PlanOffer } from './plans.ts';

/** A card's button: a link where choosing means going elsewhere first (sign in), else a button that chooses. */
export type PlanAction =
  { label: string; to: To; state?: unknown } | { label: string; onClick: () => void; disabled?: boolean; loading?: boolean; note?: string };

export interface PlanCardProps {
  plan: PlanOffer;
  features: string[];
  action: PlanAction;
  /** Premium's 'Most Popular' mark. */
  highlight?: string;
}

/** One plan of the pricing cards (landing page and profile): plain markup styled by plans.css. */
export function PlanCard({ plan, features, action, highlight }: PlanCardProps) {
  const type = highlight === undefined ? 'default' : 'primary';
  const noteId = useId();
  return (
    <li className={highlight === undefined ? 'plan-card' : 'plan-card plan-card-highlight'}>
      {highlight !== undefined && <p className="plan-badge">{highlight}</p>}
      <h3 className="plan-name">{plan.name}</h3>
      <p className="plan-price">
        <span className="plan-amount">{formatRupees(plan.monthlyPriceRupees)}</span> <span className="app-secondary">per month</span>
      </p>
      <ul className="plan-features">
        {features.map((feature) => (
          <li key={feature}>
            <CheckOutlined aria-hidden="true" className="plan-check" />
            {feature}
          </li>
        ))}
      </ul>
      {'to' in action ? (
        <ButtonLink to={action.to} state={action.state} type={type} size="large" block>
          {action.label}
        </ButtonLink>
      ) : (
        <>
          <Button
            type={type}
            size="large"
            block
            disabled={action.disabled}
            loading={action.loading}
            aria-describedby={action.note === undefined ? undefined : noteId}
            onClick={action.onClick}
          >
            {action.label}
          </Button>
          {action.note !== undefined && (
            <p id={noteId} className="plan-note app-secondary">
              {action.note}
            </p>
          )}
        </>
      )}
    </li>
  );
}
