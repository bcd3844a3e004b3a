import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Registry } from 'prom-client';
import { createLogger } from '../../src/index.ts';
import { watchDependencies } from '../../src/service/dependency-watch.ts';
import { eventually } from '../../src/testing/index.ts';

describe('watchDependencies', () => {
  it('shows a dependency outage and its recovery in dependency_up and the log', async () => {
    const registry = new Registry();
    const lines: { msg: string; dependency?: string }[] = [];
    const logger = createLogger('kit-test', 'info', { write: (line) => lines.push(JSON.parse(line) as { msg: string }) });
    let brokerUp = true;
    const watch = watchDependencies({
      dependencies: [
        { name: 'events', check: async () => (brokerUp ? undefined : Promise.reject(new Error('broker down'))) },
        { name: 'cache', check: async () => undefined },
      ],
      registry,
      logger,
      intervalMs: 10,
    });
    try {
      const value = async (dependency: string) =>
        (await registry.getSingleMetric('dependency_up')?.get())?.values.find((v) => v.labels.dependency === dependency)?.value;
      await eventually(async () => ((await value('events')) === 1 ? true : undefined));
      brokerUp = false;
      await eventually(async () => ((await value('events')) === 0 ? true : undefined));
      assert.equal(await value('cache'), 1);
      assert.ok(lines.some((l) => l.msg === 'dependency unreachable' && l.dependency === 'events'));
      brokerUp = true;
      await eventually(async () => ((await value('events')) === 1 ? true : undefined));
      assert.ok(lines.some((l) => l.msg === 'dependency reachable again' && l.dependency === 'events'));
    } finally {
      watch.stop();
    }
  });
});
