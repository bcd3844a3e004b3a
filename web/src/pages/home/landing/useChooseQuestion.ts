import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../session/context.ts';
import { keepPendingQuestion } from '../../../session/pendingQuestion.ts';

/** Where the landing page's calls to action lead: the chat when signed in, else sign-up (after which the chat opens). */
export function useStartPath(): '/chat' | '/signup' {
  return useSession().user ? '/chat' : '/signup';
}

/**
 * Choosing a sample question (spec section 4): it is kept as pendingChatQuestion, then the visitor
 * goes to /chat, or to /signup when signed out (sign-up ends in the chat, which puts it in its input).
 */
export function useChooseQuestion(): (question: string) => void {
  const navigate = useNavigate();
  const to = useStartPath();
  return useCallback(
    (question: string) => {
      keepPendingQuestion(question);
      void navigate(to);
    },
    [navigate, to],
  );
}
