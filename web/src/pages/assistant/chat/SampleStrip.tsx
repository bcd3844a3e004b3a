import { useRef } from 'react';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { SAMPLE_STRIP_SCROLL_PX } from '../../../app/timings.ts';
import styles from './chat.module.css';

/** A horizontal strip of sample questions; the arrows scroll it 200 px per click, a question is picked by clicking it. */
export function SampleStrip({ questions, onPick, disabled }: { questions: readonly string[]; onPick: (question: string) => void; disabled: boolean }) {
  const strip = useRef<HTMLDivElement>(null);
  const scroll = (by: number) => {
    strip.current?.scrollBy({ left: by, behavior: 'smooth' });
  };
  return (
    <Flex align="center" gap={4}>
      <Button
        type="text"
        icon={<LeftOutlined />}
        aria-label="Scroll sample questions left"
        onClick={() => {
          scroll(-SAMPLE_STRIP_SCROLL_PX);
        }}
      />
      <div ref={strip} data-testid="sample-strip" className={styles.strip}>
        {questions.map((question) => (
          <Button
            key={question}
            shape="round"
            disabled={disabled}
            onClick={() => {
              onPick(question);
            }}
            className={styles.sample}
          >
            {question}
          </Button>
        ))}
      </div>
      <Button
        type="text"
        icon={<RightOutlined />}
        aria-label="Scroll sample questions right"
        onClick={() => {
          scroll(SAMPLE_STRIP_SCROLL_PX);
        }}
      />
    </Flex>
  );
}
