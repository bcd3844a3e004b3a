// A question chosen before the chat opens (a landing sample, perhaps before signing up): kept in
// session storage as pendingChatQuestion (spec sections 3 and 9), put in the chat's input once.

const PENDING_QUESTION_KEY = 'pendingChatQuestion';

/** Keeps `question` for the chat, or drops an older one when there is none. */
export function keepPendingQuestion(question: string | null): void {
  try {
    if (question === null) sessionStorage.removeItem(PENDING_QUESTION_KEY);
    else sessionStorage.setItem(PENDING_QUESTION_KEY, question);
  } catch {
    // Storage can be switched off; the visitor still reaches the chat, with an empty input.
  }
}

/** The kept question, removed as it is taken. */
export function takePendingQuestion(): string | null {
  try {
    const question = sessionStorage.getItem(PENDING_QUESTION_KEY);
    sessionStorage.removeItem(PENDING_QUESTION_KEY);
    return question;
  } catch {
    return null;
  }
}
