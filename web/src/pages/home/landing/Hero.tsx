import { AskBox } from './AskBox.tsx';
import { QuestionStrip } from './QuestionStrip.tsx';

export function Hero() {
  return (
    <section aria-labelledby="landing-title" className="landing-hero">
      <div className="landing-container">
        <h1 id="landing-title" className="landing-h1">
          Your knowledge assistant for all things impact
        </h1>
        <p className="landing-lead app-secondary">
          Ask about solutions, success stories, step-by-step guides, organisations, changemakers and government schemes making a difference across India, and
          get answers with their sources.
        </p>
        <AskBox />
        <QuestionStrip />
      </div>
    </section>
  );
}
