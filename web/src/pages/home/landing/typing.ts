import { TYPED_PHRASE_DELETE_MS, TYPED_PHRASE_PAUSE_MS, TYPED_PHRASE_TYPE_MS } from './landingTimings.ts';

/** Where the typed-phrase widget stands: which phrase, how much of it shows, and whether it is being deleted. */
export interface TypingState {
  index: number;
  length: number;
  deleting: boolean;
}

export const TYPING_START: TypingState = { index: 0, length: 0, deleting: false };

/**
 * The next state and how long to wait for it: type a character every 50 ms, hold the whole phrase
 * 2000 ms, delete a character every 30 ms, then go on to the next phrase, looping (spec section 9).
 */
export function nextTyping(state: TypingState, phrases: readonly string[]): [next: TypingState, waitMs: number] {
  const phrase = phrases[state.index] ?? '';
  if (!state.deleting) {
    if (state.length < phrase.length) return [{ ...state, length: state.length + 1 }, TYPED_PHRASE_TYPE_MS];
    return [{ ...state, deleting: true }, TYPED_PHRASE_PAUSE_MS];
  }
  if (state.length > 0) return [{ ...state, length: state.length - 1 }, TYPED_PHRASE_DELETE_MS];
  return [{ index: (state.index + 1) % phrases.length, length: 0, deleting: false }, TYPED_PHRASE_TYPE_MS];
}
