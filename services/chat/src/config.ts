import { Type, baseSettings, type Static } from '@betterplus/kit';

export const chatSettings = Type.Object({
  ...baseSettings,
  /** Longest an answer may take; past it the question is not charged and the client gets 503. */
  ANSWER_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 20_000 }),
});

export type ChatConfig = Static<typeof chatSettings>;
