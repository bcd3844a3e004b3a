import { publisher } from '../../../components/layout/publisher.ts';
import { LandingSection } from './LandingSection.tsx';

const reasons: { title: string; text: string }[] = [
  {
    title: 'Answers you can check',
    text: 'Every answer names the archive entries it draws on and links to their sources, and when the archive does not cover a question, Better+ says so instead of guessing.',
  },
  {
    title: 'Made for India',
    text: 'Government schemes, grassroots organisations and changemakers from Ladakh to Kerala, gathered in one place and explained in plain words.',
  },
  {
    title: 'From a positive-news publisher',
    text: `Better+ is brought to you by ${publisher.name}, which reports on people and ideas that are solving problems across India.`,
  },
];

export function WhyJoin() {
  return (
    <LandingSection title="Why You Should Join">
      <ul className="landing-grid landing-grid-3">
        {reasons.map(({ title, text }) => (
          <li key={title} className="landing-card landing-reason">
            <h3 className="landing-h3">{title}</h3>
            <p className="app-secondary">{text}</p>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
