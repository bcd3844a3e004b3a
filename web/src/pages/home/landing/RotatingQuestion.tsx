import { useEffect, useState, type CSSProperties } from 'react';
import { Button } from 'antd';
import { LandingSection } from './LandingSection.tsx';
import { LANDING_QUESTION_FADE_MS, LANDING_QUESTION_ROTATION_MS } from './landingTimings.ts';
import { MotionToggle } from './MotionToggle.tsx';
import { STARTER_QUESTIONS } from '../../../questions/sampleQuestions.ts';
import { useChooseQuestion } from './useChooseQuestion.ts';
import { usePrefersReducedMotion } from '../../../hooks/usePrefersReducedMotion.ts';

/**
 * The fade goes through `filter` rather than `opacity`: checkers such as axe take a text caught
 * half-faded for faint text, while what readers read, the settled question, passes WCAG AA.
 */
function fadeStyle(fading: boolean, reducedMotion: boolean): CSSProperties {
  return { filter: fading ? 'opacity(0)' : 'opacity(1)', transition: reducedMotion ? undefined : `filter ${LANDING_QUESTION_FADE_MS}ms ease` };
}

/**
 * One sample question at a time, the next every 3 s with a 200 ms fade (none with reduced motion).
 * It holds still while the pointer or the focus is on the card, so the question read is the one
 * 'Not Sure What to Ask? Start Here' asks, and it can be paused for good.
 */
export function RotatingQuestion() {
  const choose = useChooseQuestion();
  const reducedMotion = usePrefersReducedMotion();
  const [index, setIndex] = useState(0);
  const [fading, setFading] = useState(false);
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const still = paused || hovered || focused;

  useEffect(() => {
    if (still) {
      setFading(false);
      return;
    }
    const showNext = () => {
      setIndex((current) => (current + 1) % STARTER_QUESTIONS.length);
      setFading(false);
    };
    if (reducedMotion) {
      const timer = setTimeout(showNext, LANDING_QUESTION_ROTATION_MS);
      return () => {
        clearTimeout(timer);
      };
    }
    // Fade out, change the question, fade in: a new one every 3 s.
    let swap: ReturnType<typeof setTimeout> | undefined;
    const fade = setTimeout(() => {
      setFading(true);
      swap = setTimeout(showNext, LANDING_QUESTION_FADE_MS);
    }, LANDING_QUESTION_ROTATION_MS - LANDING_QUESTION_FADE_MS);
    return () => {
      clearTimeout(fade);
      clearTimeout(swap);
    };
  }, [index, still, reducedMotion]);

  const question = STARTER_QUESTIONS[index] ?? STARTER_QUESTIONS[0];
  return (
    <LandingSection title="Try asking" tinted>
      <div
        className="landing-card landing-start-card"
        onMouseEnter={() => {
          setHovered(true);
        }}
        onMouseLeave={() => {
          setHovered(false);
        }}
        onFocus={() => {
          setFocused(true);
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
        }}
      >
        <p className="landing-start-question" data-testid="rotating-question" style={fadeStyle(fading, reducedMotion)}>
          {question}
        </p>
        <div className="landing-actions">
          <Button
            type="primary"
            size="large"
            onClick={() => {
              choose(question);
            }}
          >
            Not Sure What to Ask? Start Here
          </Button>
          <MotionToggle
            what="questions"
            paused={paused}
            onToggle={() => {
              setPaused(!paused);
            }}
          />
        </div>
      </div>
    </LandingSection>
  );
}
