import { setTimeout as sleep } from 'node:timers/promises';
import { Gauge, type Registry } from 'prom-client';
import type { Logger } from '../observability/logger.ts';

export interface WatchedDependency {
  name: string;
  check: () => Promise<void>;
}

const checkTimeoutMs = 2000;

/**
 * Dependencies a service can run without for a while (the broker: the outbox holds events; the
 * cache: rate limits): their outages show as `dependency_up` and a log line, not in /readyz,
 * so a Kafka or Redis blip does not take every pod out of its Service at once.
 */
export function watchDependencies(options: { dependencies: readonly WatchedDependency[]; registry: Registry; logger: Logger; intervalMs: number }): {
  stop(): void;
} {
  const gauge = new Gauge({
    name: 'dependency_up',
    help: 'Whether a dependency answered its last check (1) or not (0)',
    labelNames: ['dependency'] as const,
    registers: [options.registry],
  });
  const up = new Map<string, boolean>();
  const checkAll = () =>
    Promise.all(
      options.dependencies.map(async ({ name, check }) => {
        const ok = await Promise.race([check().then(() => true), sleep(checkTimeoutMs, false, { ref: false })]).catch(() => false);
        gauge.set({ dependency: name }, ok ? 1 : 0);
        const was = up.get(name);
        if (was !== ok && (was !== undefined || !ok)) {
          if (ok) options.logger.info({ dependency: name }, 'dependency reachable again');
          else options.logger.warn({ dependency: name }, 'dependency unreachable');
        }
        up.set(name, ok);
      }),
    );
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    timer = setTimeout(() => {
      void checkAll().finally(() => {
        if (timer) schedule();
      });
    }, options.intervalMs);
    timer.unref();
  };
  void checkAll();
  schedule();
  return {
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
