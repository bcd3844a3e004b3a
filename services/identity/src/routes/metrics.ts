import { createCounter, type Metrics } from '@betterplus/kit';

/** What identity's routes count for the business dashboard, once the change has committed. */
export function identityMetrics(registry: Metrics['registry']) {
  return {
    signups: createCounter(registry, {
      name: 'signups_total',
      help: 'Accounts created, by how: email (the emailed code verified) or google (a first Google sign-in)',
      labels: { method: ['email', 'google'] },
    }),
  };
}

export type IdentityMetrics = ReturnType<typeof identityMetrics>;
