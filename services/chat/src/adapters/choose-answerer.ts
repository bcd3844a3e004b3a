import { ConfigError, type Logger } from '@betterplus/kit';
import type { ChatConfig } from '../config.ts';
import type { Answerer } from '../domain/answerer.ts';
import { createExtractiveAnswerer } from '../domain/extractive-answerer.ts';
import { createOpenAiAnswerer } from './openai-answerer.ts';
import type { Retrieve } from '../domain/retrieval.ts';

/** The answers port's adapter, from configuration: a model endpoint when one is set, the extractive answerer otherwise. */
export function chooseAnswerer(retrieve: Retrieve, config: ChatConfig, logger: Logger): Answerer {
  const extractive = createExtractiveAnswerer(retrieve);
  if (!config.OPENAI_BASE_URL) return extractive;
  if (!config.OPENAI_MODEL) throw new ConfigError('Invalid configuration:\n  OPENAI_MODEL: required with OPENAI_BASE_URL');
  return createOpenAiAnswerer(retrieve, { baseUrl: config.OPENAI_BASE_URL, apiKey: config.OPENAI_API_KEY, model: config.OPENAI_MODEL }, extractive, logger);
}
