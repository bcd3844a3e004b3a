import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Registry } from 'prom-client';
import { createCounter } from '../../src/index.ts';

describe('createCounter', () => {
  it('exports every combination of the known label values at 0 before anything is counted', async () => {
    const registry = new Registry();
    const counter = createCounter(registry, {
      name: 'answers_total',
      help: 'answers',
      labels: { outcome: ['answered', 'abstained'], kind: ['chat', 'stream'] },
    });
    const series = (await counter.get()).values.map((v) => [v.labels.outcome, v.labels.kind, v.value]);
    assert.deepEqual(series, [
      ['answered', 'chat', 0],
      ['answered', 'stream', 0],
      ['abstained', 'chat', 0],
      ['abstained', 'stream', 0],
    ]);
  });

  it('counts on the registry it was given, with or without labels', async () => {
    const registry = new Registry();
    const signups = createCounter(registry, { name: 'signups_total', help: 'signups' });
    signups.inc();
    const refusals = createCounter(registry, { name: 'refusals_total', help: 'refusals', labels: { reason: ['limit'] } });
    refusals.inc({ reason: 'limit' }, 2);
    const text = await registry.metrics();
    assert.match(text, /^signups_total 1$/m);
    assert.match(text, /^refusals_total\{reason="limit"\} 2$/m);
  });
});
