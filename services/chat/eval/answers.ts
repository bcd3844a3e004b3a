// `npm run eval:answers`: the project's own question set (eval/questions/*.yaml) asked through chat's
// API, as a signed-in user with a large allowance, on the test stack's adapters (PGlite unless
// DATABASE_URL names a server). Prints the confusion figures (evaluate.ts: in scope, a relevant
// cited entry holding an expected term, another entry, no expected term, an abstention; out of
// scope, abstained or answered), the answer time p50/p95, and every miss.
import { randomUUID } from 'node:crypto';
import { bearerFor, createTestStack } from '@betterplus/kit/testing';
import { chatService } from '../src/app.ts';
import { applyEntitlement } from '../src/db/entitlements.ts';
import { evaluate, report, type Asked } from './evaluate.ts';
import { loadQuestionSet } from './question-set.ts';

const set = await loadQuestionSet();
const stack = await createTestStack();
try {
  const chat = await stack.start(chatService, {}, { listen: true });
  const userId = randomUUID();
  const now = Date.now();
  await applyEntitlement(chat.deps.db, { userId, plan: 'premium', status: 'active', queriesLimit: 100_000, periodStart: new Date(now - 86_400_000), periodEnd: new Date(now + 86_400_000), changedAt: new Date() });
  const headers = { 'content-type': 'application/json', ...(await bearerFor(stack, userId)) };

  const ask = async (question: string): Promise<Asked> => {
    const started = performance.now();
    const response = await fetch(`${chat.url ?? ''}/api/chat`, { method: 'POST', headers, body: JSON.stringify({ message: question }) });
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${question}: ${String(response.status)} ${await response.text()}`);
    return { ...((await response.json()) as Omit<Asked, 'ms'>), ms };
  };

  process.stdout.write(report(await evaluate(set, ask), process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'));
} finally {
  await stack.close();
}
