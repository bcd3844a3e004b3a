import { useEffect, useRef, useState } from 'react';
import type { InputRef } from 'antd';
import { takePendingQuestion } from '../../../session/pendingQuestion.ts';

/**
 * The question being typed: a question picked (a sample, a follow-up) or one chosen before signing
 * in goes into it, and the focus with it.
 */
export function useQuestionInput() {
  const input = useRef<InputRef>(null);
  const [question, setQuestion] = useState('');

  useEffect(() => {
    const pending = takePendingQuestion();
    if (pending === null) return;
    setQuestion(pending);
    input.current?.focus();
  }, []);

  const pick = (text: string) => {
    setQuestion(text);
    input.current?.focus();
  };

  return { input, question, setQuestion, pick };
}
