import { randomUUID } from 'node:crypto';
import type { Queryable } from '@betterplus/kit';
import { bearerFor, type TestStack } from '@betterplus/kit/testing';
import { applyEntitlement } from '../src/db/entitlements.ts';

/** A new signed-in user on a premium plan no question set exhausts: the headers to ask chat as them. */
export async function askingUser(db: Queryable, stack: Pick<TestStack, 'keys'>): Promise<{ authorization: string }> {
  const userId = randomUUID();
  const now = Date.now();
  await applyEntitlement(db, {
    userId,
    plan: 'premium',
    status: 'active',
    queriesLimit: 100_000,
    periodStart: new Date(now - 86_400_000),
    periodEnd: new Date(now + 86_400_000),
    changedAt: new Date(),
  });
  return bearerFor(stack, userId);
}
