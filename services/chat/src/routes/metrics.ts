import { createCounter, type Metrics } from '@betterplus/kit';

/** What chat's routes count for the business dashboard. */
export function chatMetrics(registry: Metrics['registry']) {
  return {
    answers: createCounter(registry, {
      name: 'chat_answers_total',
      help: 'Questions answered from the knowledge base (answered) or declined as outside it (abstained)',
      labels: { outcome: ['answered', 'abstained'] },
    }),
    refusals: createCounter(registry, {
      name: 'allowance_refusals_total',
      help: "Questions refused because the user's monthly allowance was used up",
    }),
  };
}

export type ChatMetrics = ReturnType<typeof chatMetrics>;
