import { useEffect, useState } from 'react';
import { Button, Card, Col, Row, Typography } from 'antd';
import { SUGGESTION_ROTATION_MS } from '../../../app/timings.ts';
import { usePrefersReducedMotion } from '../../../hooks/usePrefersReducedMotion.ts';
import styles from './chat.module.css';

const randomIndexes = (blocks: readonly (readonly string[])[]) => blocks.map((block) => Math.floor(Math.random() * block.length));

/** Four blocks, each showing one of its questions at random, changed every 5 s unless hovered or touched. */
export function SuggestionBlocks({
  blocks,
  onPick,
  disabled,
}: {
  blocks: readonly (readonly string[])[];
  onPick: (question: string) => void;
  disabled: boolean;
}) {
  const reducedMotion = usePrefersReducedMotion();
  const [shown, setShown] = useState(() => randomIndexes(blocks));
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    if (paused || reducedMotion) return undefined;
    const timer = setInterval(() => {
      setShown(randomIndexes(blocks));
    }, SUGGESTION_ROTATION_MS);
    return () => {
      clearInterval(timer);
    };
  }, [blocks, paused, reducedMotion]);

  return (
    <section
      aria-label="Suggested questions"
      onMouseEnter={() => {
        setPaused(true);
      }}
      onMouseLeave={() => {
        setPaused(false);
      }}
      onTouchStart={() => {
        setPaused(true);
      }}
      onTouchEnd={() => {
        setPaused(false);
      }}
      onFocus={() => {
        setPaused(true);
      }}
      onBlur={() => {
        setPaused(false);
      }}
    >
      <Row gutter={[12, 12]}>
        {blocks.map((block, i) => {
          const question = block[shown[i] ?? 0] ?? block[0] ?? '';
          return (
            <Col key={i} xs={24} sm={12}>
              <Card size="small" className={styles.block}>
                <Typography.Text type="secondary" className={styles.tryAsking}>
                  Try asking
                </Typography.Text>
                <Button
                  type="link"
                  disabled={disabled}
                  onClick={() => {
                    onPick(question);
                  }}
                  className={styles.suggestion}
                >
                  {question}
                </Button>
              </Card>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
