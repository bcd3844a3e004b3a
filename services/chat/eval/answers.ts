// `npm run eval:answers [dev|test|older ...]`: the question sets (question-set.ts; all three when
// none is named) asked through chat's API, as a signed-in user with a large allowance, on the test
// stack's adapters (PGlite unless DATABASE_URL names a server). Prints right, abstained and wrong
// per kind and per language (evaluate.ts), what the abstentions offered, the answer time p50/p95,
// and every question not right.
import { createTestStack } from '@betterplus/kit/testing';
import { chatService } from '../src/app.ts';
import { askingUser } from './asking-user.ts';
import { evaluate, offers, report, type Asked } from './evaluate.ts';
import { loadOlderQuestions, loadPersonaQuestions, type LabelledQuestion } from './question-set.ts';

const SETS: Record<string, { label: string; load: () => Promise<LabelledQuestion[]> }> = {
  dev: { label: 'the persona set, dev half', load: () => loadPersonaQuestions('dev') },
  test: { label: 'the persona set, test half', load: () => loadPersonaQuestions('test') },
  older: { label: 'the older set, written from the entries', load: loadOlderQuestions },
};
const named = process.argv.slice(2);
const unknown = named.filter((name) => !(name in SETS));
if (unknown.length > 0) throw new Error(`unknown question sets: ${unknown.join(', ')} (choose from ${Object.keys(SETS).join(', ')})`);
const stack = await createTestStack();
try {
  const chat = await stack.start(chatService, {}, { listen: true });
  const headers = { 'content-type': 'application/json', ...(await askingUser(chat.deps.db, stack)) };

  const ask = async (question: string): Promise<Asked> => {
    const started = performance.now();
    const response = await fetch(`${chat.url ?? ''}/api/chat`, { method: 'POST', headers, body: JSON.stringify({ message: question }) });
    const ms = performance.now() - started;
    if (!response.ok) throw new Error(`${question}: ${String(response.status)} ${await response.text()}`);
    return { ...((await response.json()) as Omit<Asked, 'ms'>), ms };
  };

  const database = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
  for (const name of named.length > 0 ? named : Object.keys(SETS)) {
    const set = SETS[name];
    if (!set) continue;
    const scored = await evaluate(await set.load(), ask);
    process.stdout.write(report(scored, `${set.label} (${database})`, await offers(scored, ask)));
  }
} finally {
  await stack.close();
}
