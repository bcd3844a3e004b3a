import { ButtonLink } from '../../../components/RouterLink.tsx';
import { LandingSection } from './LandingSection.tsx';
import { useStartPath } from './useChooseQuestion.ts';

const steps = [
  { title: 'Create your free account', text: 'Sign up with your email address. The Basic plan costs nothing.' },
  { title: 'Ask in your own words', text: 'Type a question about a cause, a place, a government scheme, an organisation or a person in India.' },
  { title: 'Read the answer and its sources', text: 'Better+ answers from its curated archive and links to the sources it used, so you can read further and check.' },
];

// The product video comes later; until then the steps say it in words.
export function HowItWorks() {
  return (
    <LandingSection title="How it Works">
      <ol className="landing-steps">
        {steps.map(({ title, text }) => (
          <li key={title} className="landing-step">
            <h3 className="landing-h3">{title}</h3>
            <p className="app-secondary">{text}</p>
          </li>
        ))}
      </ol>
      <div className="landing-actions">
        <ButtonLink to={useStartPath()} type="primary" size="large">
          See Better+ in Action
        </ButtonLink>
      </div>
    </LandingSection>
  );
}
