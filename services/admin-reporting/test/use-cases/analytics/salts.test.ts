import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createTestStack, type TestStack } from '@betterplus/kit/testing';
import { adminReportingService } from '../../../src/app.ts';
import { forgetPastSalts } from '../../../src/db/analytics.ts';
import type { AdminReporting } from '../../support/admin.ts';

let stack: TestStack;
let service: AdminReporting;
before(async () => {
  stack = await createTestStack();
  service = await stack.start(adminReportingService);
});
after(() => stack.close());

describe('analytics salts', () => {
  it('keeps only the salt of the day that is not over yet', async () => {
    await service.deps.db.query(
      "INSERT INTO analytics_salts (day, salt) SELECT d::date, decode(repeat('ab', 32), 'hex') FROM unnest(ARRAY['2026-11-22', '2026-11-23', '2026-11-24']) AS d",
    );
    await forgetPastSalts(service.deps.db, '2026-11-24');
    const { rows } = await service.deps.db.query<{ day: string }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day FROM analytics_salts WHERE day <= '2026-11-24' ORDER BY day",
    );
    assert.deepEqual(rows, [{ day: '2026-11-24' }]);
  });
});
