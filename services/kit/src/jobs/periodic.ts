import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../observability/logger.ts';

export interface PeriodicJob {
  stop(): Promise<void>;
}

/**
 * Runs `run` every `everyMs` until stopped (first after one interval, or at once with
 * `runAtStart`). A failed pass is logged and the next one comes as usual; `stop` waits for the
 * pass under way. Several replicas may run the same job: `run` takes care of sharing the work.
 */
export function startPeriodic(options: { name: string; everyMs: number; logger: Logger; run: () => Promise<void>; runAtStart?: boolean }): PeriodicJob {
  const { name, everyMs, logger, run } = options;
  const stopping = new AbortController();
  const pass = () =>
    run().catch((error: unknown) => {
      logger.warn({ err: error, job: name }, 'a periodic pass failed');
    });
  const loop = (async () => {
    if (options.runAtStart) await pass();
    while (await sleep(everyMs, true, { signal: stopping.signal }).catch(() => false)) await pass();
  })();
  return {
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
