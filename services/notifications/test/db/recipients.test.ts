import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import type { RunningService } from '@betterplus/kit';
import { createTestStack, type TestStack } from '@betterplus/kit/testing';
import { notificationsService } from '../../src/app.ts';
import type { NotificationsConfig } from '../../src/config.ts';
import { findRecipient, rememberRecipient } from '../../src/db/recipients.ts';

describe('recipients: the name and address identity last stated', () => {
  let stack: TestStack;
  let service: RunningService<NotificationsConfig>;

  before(async () => {
    stack = await createTestStack();
    service = await stack.start(notificationsService);
  });
  after(async () => {
    await stack.close();
  });

  it('keeps the later statement, in whichever order they are applied', async () => {
    const userId = randomUUID();
    const email = 'asha@example.in';
    await rememberRecipient(service.deps.db, { userId, name: 'Asha Rao', email, statedAt: new Date('2026-03-01T10:00:00Z') });
    await rememberRecipient(service.deps.db, { userId, name: 'Asha R. Iyer', email, statedAt: new Date('2026-03-02T10:00:00Z') });
    assert.deepEqual(await findRecipient(service.deps.db, userId), { name: 'Asha R. Iyer', email });

    // The first statement again, applied late (a replayed dead letter): the newer name stays.
    await rememberRecipient(service.deps.db, { userId, name: 'Asha Rao', email, statedAt: new Date('2026-03-01T10:00:00Z') });
    assert.deepEqual(await findRecipient(service.deps.db, userId), { name: 'Asha R. Iyer', email });
  });

  it('knows nobody it was not told about', async () => {
    assert.equal(await findRecipient(service.deps.db, randomUUID()), undefined);
  });
});
