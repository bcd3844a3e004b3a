import { useEffect, useState } from 'react';
import { Button } from 'antd';
import { ANSWER_COLLAPSE_CHARS, TYPING_CHARS_PER_TICK, TYPING_TICK_MS } from '../../../app/timings.ts';
import { renderEmphasis } from './markdown.tsx';
import { usePrefersReducedMotion } from '../../../hooks/usePrefersReducedMotion.ts';
import styles from './chat.module.css';

interface AnswerTextProps {
  text: string;
  /** Reveal the text with a typing effect, then call `onRevealed`. */
  typing: boolean;
  onRevealed: () => void;
}

/** An answer: bold and italic rendered, typed out when new, cut above 300 characters with Show more / Show less. */
export function AnswerText({ text, typing, onRevealed }: AnswerTextProps) {
  const reducedMotion = usePrefersReducedMotion();
  const animate = typing && !reducedMotion;
  const [shown, setShown] = useState(animate ? 0 : text.length);
  const [expanded, setExpanded] = useState(false);

  useEffect(() => {
    if (!typing) return undefined;
    if (!animate) {
      onRevealed();
      return undefined;
    }
    const timer = setInterval(() => {
      setShown((count) => Math.min(text.length, count + TYPING_CHARS_PER_TICK));
    }, TYPING_TICK_MS);
    return () => {
      clearInterval(timer);
    };
  }, [typing, animate, text, onRevealed]);

  useEffect(() => {
    if (animate && shown >= text.length) onRevealed();
  }, [animate, shown, text.length, onRevealed]);

  const revealing = animate && shown < text.length;
  const long = text.length > ANSWER_COLLAPSE_CHARS;
  const visible = revealing ? text.slice(0, shown) : long && !expanded ? `${text.slice(0, ANSWER_COLLAPSE_CHARS)}...` : text;
  return (
    <div>
      {visible.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className={styles.paragraph}>
          {renderEmphasis(paragraph)}
        </p>
      ))}
      {long && !revealing && (
        <Button
          type="link"
          size="small"
          className={styles.toggle}
          aria-expanded={expanded}
          onClick={() => {
            setExpanded((open) => !open);
          }}
        >
          {expanded ? 'Show less' : 'Show more'}
        </Button>
      )}
    </div>
  );
}
