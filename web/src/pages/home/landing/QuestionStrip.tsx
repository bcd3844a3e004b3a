import { useRef } from 'react';
import { Button } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { SAMPLE_STRIP_SCROLL_PX } from '../../../app/timings.ts';
import { SAMPLE_QUESTIONS } from '../../../questions/sampleQuestions.ts';
import { useChooseQuestion } from './useChooseQuestion.ts';
import { usePrefersReducedMotion } from '../../../hooks/usePrefersReducedMotion.ts';

/** The hero's ten sample questions in one row that scrolls sideways: by swipe, by Tab, or 200 px per arrow click. */
export function QuestionStrip() {
  const list = useRef<HTMLUListElement>(null);
  const choose = useChooseQuestion();
  const reducedMotion = usePrefersReducedMotion();

  const scroll = (direction: 1 | -1) => {
    list.current?.scrollBy({ left: direction * SAMPLE_STRIP_SCROLL_PX, behavior: reducedMotion ? 'instant' : 'smooth' });
  };

  return (
    <div className="landing-strip">
      <p id="landing-strip-label" className="landing-strip-label">
        Or start with one of these:
      </p>
      <div className="landing-strip-row">
        <Button
          shape="circle"
          icon={<LeftOutlined />}
          aria-label="Previous questions"
          aria-controls="landing-strip-list"
          onClick={() => {
            scroll(-1);
          }}
        />
        <ul id="landing-strip-list" ref={list} className="landing-strip-list" aria-labelledby="landing-strip-label">
          {SAMPLE_QUESTIONS.map((question) => (
            <li key={question}>
              <button
                type="button"
                className="landing-chip"
                onClick={() => {
                  choose(question);
                }}
              >
                {question}
              </button>
            </li>
          ))}
        </ul>
        <Button
          shape="circle"
          icon={<RightOutlined />}
          aria-label="Next questions"
          aria-controls="landing-strip-list"
          onClick={() => {
            scroll(1);
          }}
        />
      </div>
    </div>
  );
}
