import { useEffect, useState } from 'react';
import { MotionToggle } from './MotionToggle.tsx';
import { nextTyping, TYPING_START } from './typing.ts';
import { usePrefersReducedMotion } from '../../../hooks/usePrefersReducedMotion.ts';

/**
 * 'Made for every …' with the phrases typed and deleted in a loop. Screen readers get the whole
 * sentence once instead of the letters; with reduced motion, or paused, the phrases show as a list.
 */
export function TypedPhrases({ phrases, lead }: { phrases: readonly string[]; lead: string }) {
  const reducedMotion = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [state, setState] = useState(TYPING_START);
  const still = reducedMotion || paused;

  useEffect(() => {
    if (still) return;
    const [next, waitMs] = nextTyping(state, phrases);
    const timer = setTimeout(() => {
      setState(next);
    }, waitMs);
    return () => {
      clearTimeout(timer);
    };
  }, [state, still, phrases]);

  const toggle = reducedMotion ? null : (
    <MotionToggle
      what="phrases"
      paused={paused}
      onToggle={() => {
        setPaused(!paused);
      }}
    />
  );

  if (still) {
    return (
      <div className="landing-typed">
        <p className="landing-typed-line">{lead}</p>
        <ul className="landing-phrase-list" data-testid="phrase-list">
          {phrases.map((phrase) => (
            <li key={phrase}>{phrase}</li>
          ))}
        </ul>
        {toggle}
      </div>
    );
  }

  const sentence = `${lead} ${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1) ?? ''}.`;
  return (
    <div className="landing-typed">
      <p className="landing-typed-line">
        <span className="landing-visually-hidden">{sentence}</span>
        <span aria-hidden="true">
          {lead}{' '}
          <span className="landing-typed-text" data-testid="typed-phrase">
            {phrases[state.index]?.slice(0, state.length)}
          </span>
          <span className="landing-typed-cursor" />
        </span>
      </p>
      {toggle}
    </div>
  );
}
