import { Type, baseSettings, type Static } from '@betterplus/kit';

export const chatSettings = Type.Object({
  ...baseSettings,
  /** Longest an answer may take; past it the question is not charged and the client gets 503. */
  ANSWER_TIMEOUT_MS: Type.Integer({ minimum: 100, default: 20_000 }),
  /**
   * An OpenAI-compatible endpoint (OpenAI's, or a local model server's /v1) writes the answers
   * from the retrieved entries; without it the extractive answerer does, with no network.
   */
  OPENAI_BASE_URL: Type.Optional(Type.String({ pattern: '^https?://' })),
  OPENAI_API_KEY: Type.Optional(Type.String({ minLength: 1 })),
  /** Required with OPENAI_BASE_URL. */
  OPENAI_MODEL: Type.Optional(Type.String({ minLength: 1 })),
  /** Where the embedding model's folder is (the chat image sets /app/models); else models/ in BETTERPLUS_CACHE. */
  EMBEDDING_MODELS_DIR: Type.Optional(Type.String({ minLength: 1 })),
  /** The machine's Better+ cache (default ~/.cache/betterplus): the models and the archive's vectors that npm start, npm test and CI fill. */
  BETTERPLUS_CACHE: Type.Optional(Type.String({ minLength: 1 })),
});

export type ChatConfig = Static<typeof chatSettings>;
