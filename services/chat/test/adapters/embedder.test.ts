// The real model from the models folder (scripts/ensure-deps.sh fetches it before npm test).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createEmbedder, type Embedder } from '../../src/adapters/embedder.ts';
import { EMBEDDING_MODEL, embeddingModelDir } from '../../src/adapters/embedding-model.ts';

const modelDir = embeddingModelDir();
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

  it('returns passages in the order given, whatever order it batches them in', async () => {
    const passages = [`${TRUST_REGISTRATION} ${CROP_INSURANCE} ${SCHOLARSHIP}`, 'Goonj', CROP_INSURANCE, 'Anshu Gupta founded Goonj in 1999.'];
    const together = await embedder.embedPassages(passages);
    const alone = await Promise.all(passages.map(async (passage) => (await embedder.embedPassages([passage]))[0] ?? new Float32Array()));
    assert.equal(together.length, passages.length);
    together.forEach((vector, index) => {
      const closest = alone.map((other) => dot(vector, other));
      assert.equal(closest.indexOf(Math.max(...closest)), index);
      assert.ok((closest[index] ?? 0) > 0.99, `passage ${index}: cosine ${closest[index]} to itself embedded alone`);
    });
    assert.deepEqual(await embedder.embedPassages([]), []);
  });

  it('puts the query instruction before questions only', async () => {
    const single = await createEmbedder({ modelDir, batchSize: 1 });
    try {
      const [asPassage] = await single.embedPassages([NGO_QUESTION]);
      const [withInstruction] = await single.embedPassages([EMBEDDING_MODEL.queryPrefix + NGO_QUESTION]);
      const query = await single.embedQuery(NGO_QUESTION);
      assert.deepEqual(query, withInstruction);
      assert.ok(asPassage && dot(query, asPassage) < 0.999);
    } finally {
      await single.close();
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

  it('lets a process that closed it end by itself, and one that did not end too', async () => {
    const embedderUrl = new URL('../../src/adapters/embedder.ts', import.meta.url).href;
    const script = (close: boolean): string => `
      const { createEmbedder } = await import(${JSON.stringify(embedderUrl)});
      const embedder = await createEmbedder({ modelDir: ${JSON.stringify(modelDir)} });
      const vector = await embedder.embedQuery('How do I register an NGO?');
      ${close ? 'await embedder.close();' : ''}
      console.log(vector.length);`;
    for (const close of [true, false]) {
      const { stdout, stderr } = await run(process.execPath, ['--input-type=module', '--eval', script(close)], { timeout: 60_000 });
      assert.equal(stdout.trim(), '384', stderr);
      assert.doesNotMatch(stderr, /unsettled top-level await/);
    }
  });

  it('refuses requests once closed', async () => {
    const closing = await createEmbedder({ modelDir });
    await closing.close();
    await assert.rejects(closing.embedQuery(NGO_QUESTION), /closed/);
    await closing.close();
  });
});
