// Without Razorpay's settings billing runs the embedded sandbox, whose secrets are made per
// install and kept under DATA_DIR/keys: none is a constant anyone can read in the source.
import assert from 'node:assert/strict';
import { readFile, mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '@betterplus/kit';
import { billingSettings } from '../../src/config.ts';
import { choosePayments, type Payments } from '../../src/adapters/choose-payments.ts';

/** The sandbox's payments over `dataDir`, closed again at once: only the secrets matter here. */
async function sandboxOver(dataDir: string): Promise<Payments> {
  const payments = await choosePayments(loadConfig(billingSettings, { JWT_PUBLIC_KEY: 'a key', DATA_DIR: dataDir }), async () => undefined);
  await payments.sandbox?.close();
  return payments;
}

describe("the sandbox's secrets", () => {
  let dataDir: string;
  let other: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'betterplus-billing-'));
    other = await mkdtemp(join(tmpdir(), 'betterplus-billing-'));
  });
  after(async () => {
    await rm(dataDir, { recursive: true, force: true });
    await rm(other, { recursive: true, force: true });
  });

  it('are made per install, kept private under DATA_DIR/keys, and the same after a restart', async () => {
    const first = await sandboxOver(dataDir);
    assert.ok(first.sandbox, 'the sandbox runs');
    const file = join(dataDir, 'keys', 'billing-razorpay-sandbox.json');
    assert.equal((await stat(file)).mode & 0o777, 0o600);
    assert.deepEqual(JSON.parse(await readFile(file, 'utf8')), { keySecret: first.keySecret, webhookSecret: first.webhookSecret });
    assert.ok(first.keySecret.length >= 32 && first.webhookSecret.length >= 32);
    assert.notEqual(first.keySecret, first.webhookSecret);

    const restarted = await sandboxOver(dataDir);
    assert.deepEqual([restarted.keySecret, restarted.webhookSecret], [first.keySecret, first.webhookSecret]);
    const elsewhere = await sandboxOver(other);
    assert.notEqual(elsewhere.keySecret, first.keySecret);
    assert.notEqual(elsewhere.webhookSecret, first.webhookSecret);
  });
});
