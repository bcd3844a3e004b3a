import { ConfigError, type Logger, type Queryable } from '@betterplus/kit';
import type { ChatConfig } from '../config.ts';
import type { Answerer } from './answerer.ts';
import { createExtractiveAnswerer } from './extractive-answerer.ts';
import { createOpenAiAnswerer } from './openai-answerer.ts';

/** The answers port's adapter, from configuration: a model endpoint when one is set, the extractive answerer otherwise. */
export function chooseAnswerer(db: Queryable, config: ChatConfig, logger: Logger): Answerer {
  const extractive = createExtractiveAnswerer(db);
  if (!config.OPENAI_BASE_URL) return extractive;
  if (!config.OPENAI_MODEL) throw new ConfigError('Invalid configuration:\n  OPENAI_MODEL: required with OPENAI_BASE_URL');
  return createOpenAiAnswerer(db, { baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.OPENAI_MODEL }, extractive, logger);
}
