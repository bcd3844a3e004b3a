import { LandingSection } from './LandingSection.tsx';
import { TypedPhrases } from './TypedPhrases.tsx';

/** The people Better+ is for (spec section 1), in the order of the spec. */
const audiences = ['aspiring entrepreneur', 'student', 'young professional', 'researcher', 'policy maker', 'social impact enthusiast'] as const;

export function WhoCanBenefit() {
  return (
    <LandingSection title="Who can benefit">
      <TypedPhrases lead="Better+ is made for every" phrases={audiences} />
      <p className="landing-note app-secondary">
        Whether you are starting a venture, writing a thesis, shaping a policy or simply curious about what works, ask a question and get an answer you can
        trace to its sources.
      </p>
    </LandingSection>
  );
}
