import type { Queryable } from '@betterplus/kit';
import type { PassageIndex } from '../adapters/passage-index.ts';
import { missingWords } from '../db/knowledge.ts';
import { vectorOf } from '../db/passages.ts';
import { intentsOf } from '../domain/intent.ts';
import type { Spellings } from '../domain/names.ts';
import type { Passage } from '../domain/passages.ts';
import { hintsOf } from '../domain/question-hints.ts';
import { inEnglish, languageOf } from '../domain/query-language.ts';
import {
  answerScore,
  closeness,
  FRAMING_WORDS,
  fitsPlaces,
  forWholeIndia,
  fusedScore,
  isAnswer,
  kindFits,
  RELATED_CLOSENESS,
  type Ranked,
} from '../domain/relevance.ts';
import type { Candidate, CandidateEntry, Retrieval } from '../domain/retrieval.ts';
import { respelt } from '../domain/spelling.ts';
import { searchKnowledge } from './search-knowledge.ts';

export interface QueryEmbedder {
  embedQuery(text: string): Promise<Float32Array>;
}

/** Passages read from the index per question: enough to reach several entries past the nearest one's passages. */
const NEAREST = 80;
/** Entries weighed in full (every passage compared exactly) after fusion. */
const WEIGHED = 8;

const dot = (a: Float32Array, b: Float32Array) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += (a[i] ?? 0) * (b[i] ?? 0);
  return sum;
};

export interface RetrieverDeps {
  db: Queryable;
  embedder: QueryEmbedder;
  index: PassageIndex;
  /** The archive's spelling of the sounds of its words (names.ts), for names asked in Devanagari and words misspelt. */
  spellings: Spellings;
  /** English words, which are not misspellings though the archive lacks them. */
  englishWords: ReadonlySet<string>;
}

/**
 * Finds the entries that answer a question: passages ranked by meaning (the question's vector
 * against the index) and entries by words (full-text search), fused by reciprocal rank; the best
 * are weighed passage by passage, and the relevance decision keeps those that answer.
 */
export function createRetriever({ db, embedder, index, spellings, englishWords }: RetrieverDeps) {
  return async function retrieve(question: string): Promise<Retrieval> {
    const language = languageOf(question);
    // Romanised Devanagari has found its archive spellings in inEnglish; typed Latin words may be misspelt.
    const english =
      language === 'hi' ? inEnglish(question, spellings) : respelt(language === 'en' ? question : inEnglish(question, spellings), spellings, englishWords);
    const [vector, byWords] = await Promise.all([embedder.embedQuery(english), searchKnowledge(db, english, 20)]);
    const ranked = new Map<string, Ranked>();
    const rankOf = (entryId: string) => ranked.get(entryId) ?? ranked.set(entryId, { entryId, coverage: 0 }).get(entryId) ?? { entryId, coverage: 0 };
    let meaningRank = 0;
    for (const hit of index.search(vector, NEAREST)) {
      const entry = rankOf(hit.entryId);
      if (entry.byMeaning === undefined) entry.byMeaning = meaningRank += 1;
    }
    byWords.forEach((found, i) => Object.assign(rankOf(found.id), { byWords: i + 1, coverage: found.coverage }));
    const best = [...ranked.values()].sort((a, b) => fusedScore(b) - fusedScore(a) || a.entryId.localeCompare(b.entryId)).slice(0, WEIGHED);
    const hints = hintsOf(english);
    const candidates = await weigh(db, best, vector, english, [...FRAMING_WORDS, ...hints.placeWords]);
    const asked = hints.states;
    const intents = intentsOf(english);
    const fits = (candidate: Candidate) => fitsPlaces(asked, candidate) && kindFits(english, intents, candidate.entry.kind);
    const answers = forWholeIndia(
      asked,
      candidates.filter((candidate) => isAnswer(candidate) && fits(candidate)),
    );
    const related = candidates.filter((candidate) => !answers.includes(candidate) && fits(candidate) && closeness(candidate) >= RELATED_CLOSENESS);
    return { language, english, intents, candidates, answers, related };
  };
}

/** The entries with their passages, each compared with the question exactly; best first (answerScore), ties by fusion. */
async function weigh(db: Queryable, ranked: readonly Ranked[], vector: Float32Array, english: string, framing: readonly string[]): Promise<Candidate[]> {
  if (ranked.length === 0) return [];
  const ids = ranked.map((r) => r.entryId);
  const [entries, passages, missing] = await Promise.all([
    db.query<CandidateEntry>('SELECT id, kind, title, summary, states, questions, sources FROM knowledge_entries WHERE id = ANY($1::text[])', [ids]),
    db.query<{ entry_id: string; n: number; part: Passage['part']; text: string; vector: Uint8Array }>(
      'SELECT entry_id, n, part, text, vector FROM knowledge_passages WHERE entry_id = ANY($1::text[]) ORDER BY entry_id, n',
      [ids],
    ),
    missingWords(db, english, ids, framing),
  ]);
  const byId = new Map(entries.rows.map((entry) => [entry.id, entry]));
  return ranked
    .flatMap((r) => {
      const entry = byId.get(r.entryId);
      if (!entry) return [];
      const own = passages.rows
        .filter((p) => p.entry_id === r.entryId)
        .map((p) => ({ n: p.n, part: p.part, text: p.text, similarity: dot(vector, vectorOf(p.vector)) }));
      const lacking = missing.get(r.entryId);
      const asked = own.filter((p) => p.part === 'question').map((p) => p.similarity);
      const askedLike = asked.length > 0 ? Math.max(...asked) : undefined;
      return [{ ...r, entry, passages: own, similarity: Math.max(-1, ...own.map((p) => p.similarity)), askedLike, missing: lacking?.length, lacking }];
    })
    .sort((a, b) => answerScore(b) - answerScore(a) || fusedScore(b) - fusedScore(a));
}
