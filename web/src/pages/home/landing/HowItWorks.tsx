import { ButtonLink } from '../../../components/RouterLink.tsx';
import { LandingSection } from './LandingSection.tsx';
import { useStartPath } from './useChooseQuestion.ts';
import captionsUrl from './media/how-it-works.vtt?url&no-inline';
import posterUrl from './media/how-it-works-poster.webp';
import videoUrl from './media/how-it-works.webm';

const steps = [
  { title: 'Create your free account', text: 'Sign up with your email address. The Basic plan costs nothing.' },
  { title: 'Ask in your own words', text: 'Type a question about a cause, a place, a government scheme, an organisation or a person in India.' },
  {
    title: 'Read the answer and its sources',
    text: 'Better+ answers from its curated archive and links to the sources it used, so you can read further and check.',
  },
];

// The video is recorded from the real product (npm run record:how-it-works); it loads only when
// played, and the steps beside it say the same in words.
export function HowItWorks() {
  return (
    <LandingSection title="How it Works">
      <figure className="landing-video">
        <video controls muted playsInline preload="none" poster={posterUrl} width={960} height={540}>
          <source src={videoUrl} type="video/webm" />
          <track kind="captions" src={captionsUrl} srcLang="en" label="English" default />
        </video>
        <figcaption className="app-secondary">A question asked on Better+ and its answer, with the sources it came from.</figcaption>
      </figure>
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
