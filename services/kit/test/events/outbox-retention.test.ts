import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, describe, it } from 'node:test';
import { createMetrics } from '../../src/index.ts';
import { startEventRetention } from '../../src/events/retention.ts';
import { createTestStack, silentLogger, testResources } from '../support.ts';

const resources = testResources(await createTestStack());
const db = await resources.kitDatabase();
after(() => resources.close());

const outboxRow = async (label: string, published: string | null, parked = false, createdAgo = '1 minute') => {
  await db.query(
    `INSERT INTO outbox (event_id, topic, key, type, envelope, created_at, published_at, parked_at)
     VALUES ($1, 'identity.user.v1', $2, 'test', '\\x00', now() - $3::interval,
             CASE WHEN $4::text IS NULL THEN NULL ELSE now() - $4::interval END, CASE WHEN $5 THEN now() ELSE NULL END)`,
    [randomUUID(), label, createdAgo, published, parked],
  );
};
const processed = async (label: string, ago: string) => {
  await db.query("INSERT INTO processed_events (event_id, topic, type, processed_at) VALUES ($1, 'identity.user.v1', $2, now() - $3::interval)", [
    randomUUID(),
    label,
    ago,
  ]);
};

describe('event retention', () => {
  it('deletes published outbox rows and processed events past retention, keeps recent, pending and parked ones, and exports the backlog', async () => {
    await outboxRow('published-old', '80 hours', false, '81 hours');
    await outboxRow('published-recent', '1 hour', false, '2 hours');
    await outboxRow('pending-old', null, false, '100 hours');
    await outboxRow('parked-old', null, true, '100 hours');
    await processed('processed-old', '15 days');
    await processed('processed-recent', '13 days');

    const metrics = createMetrics('retention-test');
    const retention = startEventRetention({
      db,
      logger: silentLogger,
      metrics,
      outboxRetentionHours: 72,
      processedEventsRetentionDays: 14,
      intervalMs: 60_000,
    });
    await retention.runOnce();
    await retention.stop();

    const outbox = await db.query<{ key: string }>('SELECT key FROM outbox ORDER BY key');
    assert.deepEqual(
      outbox.rows.map((r) => r.key),
      ['parked-old', 'pending-old', 'published-recent'],
    );
    const inbox = await db.query<{ type: string }>('SELECT type FROM processed_events ORDER BY type');
    assert.deepEqual(
      inbox.rows.map((r) => r.type),
      ['processed-recent'],
    );

    const exported = await metrics.registry.metrics();
    assert.match(exported, /^outbox_pending_events\{[^}]*\} 1$/m);
    assert.match(exported, /^outbox_parked_events\{[^}]*\} 1$/m);
    assert.match(exported, /^outbox_lag_seconds\{[^}]*\} 36\d{4}/m, 'the oldest pending row is 100 hours old');
    assert.match(exported, /^event_rows_pruned_total\{table="outbox"[^}]*\} 1$/m);
    assert.match(exported, /^event_rows_pruned_total\{table="processed_events"[^}]*\} 1$/m);
    assert.match(exported, /^event_rows_awaiting_prune\{table="outbox"[^}]*\} 0$/m);
  });
});
