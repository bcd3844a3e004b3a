// The real model from the models folder (scripts/ensure-deps.sh fetches it before npm test).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createEmbedder, type Embedder } from '../../src/adapters/embedder.ts';
import { EMBEDDING_MODEL, embeddingModelDir } from '../../src/adapters/embedding-model.ts';

const modelDir = embeddingModelDir(EMBEDDING_MODEL, process.env);
const run = promisify(execFile);
const dot = (a: Float32Array, b: Float32Array): number => a.reduce((sum, value, index) => sum + value * (b[index] ?? 0), 0);

const NGO_QUESTION = 'How do I register an NGO?';
const TRUST_REGISTRATION =
  'A charitable trust is registered by drafting a trust deed on stamp paper and registering it with the sub-registrar of the district, after which it can apply for 12A and 80G.';
const CROP_INSURANCE =
  'Pradhan Mantri Fasal Bima Yojana insures farmers against crop loss from drought, flood, hailstorm and pests, for a small share of the premium.';
const SCHOLARSHIP = 'The National Scholarship Portal takes applications for pre-matric and post-matric scholarships for students from minority communities.';

describe('the sentence embedder (bge-small-en-v1.5, int8, from the models folder)', () => {
  let embedder: Embedder;
  before(async () => {
    embedder = await createEmbedder({ modelDir });
  });
  after(async () => {
    await embedder.close();
  });

  it('gives unit vectors of the model’s 384 dimensions for questions and passages', async () => {
    const vectors = [await embedder.embedQuery(NGO_QUESTION), ...(await embedder.embedPassages([TRUST_REGISTRATION, CROP_INSURANCE]))];
    assert.equal(embedder.dimensions, 384);
    for (const vector of vectors) {
      assert.ok(vector instanceof Float32Array);
      assert.equal(vector.length, 384);
      assert.ok(Math.abs(dot(vector, vector) - 1) < 1e-5, `norm² ${dot(vector, vector)}`);
    }
  });

  it('agrees with a reference run of the model: Hugging Face’s Rust tokenizer, onnxruntime for Python, [CLS] pooling', async () => {
    // The first dimensions of that run's vector for the question with bge's instruction before it;
    // mean pooling, a missing instruction or other token ids each move them by 0.005 or more.
    const reference = [-0.00236, -0.01408, -0.06691, 0.03252, 0.04515, 0.05501];
    const vector = await embedder.embedQuery(NGO_QUESTION);
    reference.forEach((expected, index) => {
      assert.ok(Math.abs((vector[index] ?? 0) - expected) < 1e-3, `dimension ${index}: ${vector[index]} instead of ${expected}`);
    });
  });

  it('puts a passage that answers the question in other words closer than unrelated ones', async () => {
    const cases = [
      { question: NGO_QUESTION, answer: TRUST_REGISTRATION },
      { question: 'Is there insurance for farmers whose harvest is ruined by rain?', answer: CROP_INSURANCE },
      { question: 'Where can a Muslim girl in class 9 apply for money for her studies?', answer: SCHOLARSHIP },
    ];
    const passages = [TRUST_REGISTRATION, CROP_INSURANCE, SCHOLARSHIP];
    const vectors = await embedder.embedPassages(passages);
    for (const { question, answer } of cases) {
      const query = await embedder.embedQuery(question);
      const scores = vectors.map((vector) => dot(query, vector));
      const best = passages[scores.indexOf(Math.max(...scores))];
      assert.equal(best, answer, `${question}: ${scores.map((score) => score.toFixed(3)).join(', ')}`);
    }
  });

  it('gives the same vectors for the same input, every time', async () => {
    assert.deepEqual(await embedder.embedQuery(NGO_QUESTION), await embedder.embedQuery(NGO_QUESTION));
    const passages = [TRUST_REGISTRATION, CROP_INSURANCE, SCHOLARSHIP];
    assert.deepEqual(await embedder.embedPassages(passages), await embedder.embedPassages(passages));
  });

  it('returns each passage’s own vector, in the order given, whatever else is in the call', async () => {
    const passages = [`${TRUST_REGISTRATION} ${CROP_INSURANCE} ${SCHOLARSHIP}`, 'Goonj', CROP_INSURANCE, 'Anshu Gupta founded Goonj in 1999.'];
    const alone = await Promise.all(passages.map(async (passage) => (await embedder.embedPassages([passage]))[0]));
    assert.deepEqual(await embedder.embedPassages(passages), alone);
    assert.deepEqual(await embedder.embedPassages([]), []);
  });

  it('in batches, still returns the vectors in the order given', async () => {
    const batched = await createEmbedder({ modelDir, batchSize: 3 });
    try {
      const passages = [`${TRUST_REGISTRATION} ${CROP_INSURANCE} ${SCHOLARSHIP}`, 'Goonj', CROP_INSURANCE, 'Anshu Gupta founded Goonj in 1999.'];
      const alone = await Promise.all(passages.map(async (passage) => (await embedder.embedPassages([passage]))[0] ?? new Float32Array()));
      const together = await batched.embedPassages(passages);
      together.forEach((vector, index) => {
        const cosines = alone.map((other) => dot(vector, other));
        assert.equal(cosines.indexOf(Math.max(...cosines)), index);
        // The int8 model scales a batch's activations together: close to, not equal to, alone.
        assert.ok((cosines[index] ?? 0) > 0.99, `passage ${index}: cosine ${cosines[index]} to itself embedded alone`);
      });
    } finally {
      await batched.close();
    }
  });

  it('puts the query instruction before questions only', async () => {
    const [asPassage, withInstruction] = await embedder.embedPassages([NGO_QUESTION, EMBEDDING_MODEL.queryPrefix + NGO_QUESTION]);
    const query = await embedder.embedQuery(NGO_QUESTION);
    assert.deepEqual(query, withInstruction);
    assert.ok(asPassage && dot(query, asPassage) < 0.999);
  });

  it('answers a question asked while passages are being embedded after the batch in progress', async () => {
    const small = await createEmbedder({ modelDir, batchSize: 4 });
    try {
      const passages = Array.from({ length: 64 }, (_, index) => `${index}: ${TRUST_REGISTRATION}`);
      let passagesDone = 0;
      const started = performance.now();
      const embedding = small.embedPassages(passages).then(() => (passagesDone = performance.now() - started));
      await small.embedQuery(NGO_QUESTION);
      const questionDone = performance.now() - started;
      await embedding;
      assert.ok(questionDone < passagesDone / 3, `question answered after ${questionDone.toFixed(0)} ms, passages after ${passagesDone.toFixed(0)} ms`);
    } finally {
      await small.close();
    }
  });

  it('cuts text longer than the model’s 512 tokens instead of failing', async () => {
    const vector = await embedder.embedQuery('How do self-help groups get bank loans? '.repeat(400));
    assert.ok(Math.abs(dot(vector, vector) - 1) < 1e-5);
  });

  it('leaves the event loop free while it computes', async () => {
    const passages = Array.from({ length: 24 }, (_, index) => `${index}: ${TRUST_REGISTRATION} ${CROP_INSURANCE}`);
    const oneBatch = await createEmbedder({ modelDir, batchSize: passages.length });
    let lastTick = performance.now();
    let longestGap = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - lastTick);
      lastTick = now;
    }, 5);
    try {
      const started = performance.now();
      await oneBatch.embedPassages(passages);
      const took = performance.now() - started;
      // A tick after the work, so that a loop held up until its very end is measured too.
      await new Promise((resolve) => setTimeout(resolve, 20));
      // On the calling thread the one batch would hold the loop for nearly all of that time.
      assert.ok(longestGap < took / 2, `event loop held up for ${longestGap.toFixed(0)} ms of ${took.toFixed(0)} ms`);
    } finally {
      clearInterval(ticker);
      await oneBatch.close();
    }
  });

  it('refuses to start without the model files, naming the folder', async () => {
    await assert.rejects(createEmbedder({ modelDir: '/nonexistent/model' }), /\/nonexistent\/model/);
  });

  it('lets a process that closed it end by itself, and one that did not end too, asked or never asked', async () => {
    const embedderUrl = new URL('../../src/adapters/embedder.ts', import.meta.url).href;
    const script = (close: boolean, ask: boolean): string => `
      const { createEmbedder } = await import(${JSON.stringify(embedderUrl)});
      const embedder = await createEmbedder({ modelDir: ${JSON.stringify(modelDir)} });
      const vector = ${ask ? "await embedder.embedQuery('How do I register an NGO?')" : '{ length: embedder.dimensions }'};
      ${close ? 'await embedder.close();' : ''}
      console.log(vector.length);`;
    for (const [close, ask] of [
      [true, true],
      [false, true],
      [false, false],
    ] as const) {
      const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '--eval', script(close, ask)], { timeout: 60_000 });
      assert.equal(stdout.trim(), '384', stderr);
      assert.doesNotMatch(stderr, /unsettled top-level await/);
    }
  });

  it('keeps onnxruntime’s usage telemetry off: it writes nothing under the home folder', async () => {
    const home = await mkdtemp(join(tmpdir(), 'betterplus-home-'));
    try {
      const embedderUrl = new URL('../../src/adapters/embedder.ts', import.meta.url).href;
      const script = `
        const { createEmbedder } = await import(${JSON.stringify(embedderUrl)});
        const embedder = await createEmbedder({ modelDir: ${JSON.stringify(modelDir)} });
        await embedder.embedQuery('How do I register an NGO?');
        await embedder.close();`;
      const childEnv: NodeJS.ProcessEnv = { ...process.env, HOME: home };
      delete childEnv.ORT_DISABLE_TELEMETRY;
      await run(process.execPath, ['--input-type=module', '--eval', script], { timeout: 60_000, env: childEnv });
      assert.deepEqual(await readdir(home, { recursive: true }), []);
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('refuses requests once closed', async () => {
    const closing = await createEmbedder({ modelDir });
    await closing.close();
    await assert.rejects(closing.embedQuery(NGO_QUESTION), /closed/);
    await closing.close();
  });
});
