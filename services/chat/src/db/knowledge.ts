import type { Database, Queryable } from '@betterplus/kit';
import type { FullEntry, ListedEntry } from '../contracts/schemas.ts';

/** An entry as knowledge_entries stores it (domain/knowledge-entry.ts is its schema). */
export interface StoredEntry {
  id: string;
  kind: string;
  title: string;
  summary: string;
  body: string;
  states: readonly string[];
  causes: readonly string[];
  questions: readonly string[];
  sources: readonly { title: string; url: string }[];
  as_of: string;
}

/** An entry of the archive with the hash of its file's text: an import skips entries whose hash it has already stored. */
export interface EntryToImport {
  entry: StoredEntry;
  contentHash: string;
}

const documentSql = `setweight(to_tsvector('english', e.title), 'A') || setweight(to_tsvector('english', array_to_string(e.questions, ' ')), 'A')
  || setweight(to_tsvector('english', e.summary), 'B') || setweight(to_tsvector('english', array_to_string(e.states || e.causes, ' ')), 'C')
  || setweight(to_tsvector('english', e.body), 'D')`;

/** Title words of three letters or more, lower-cased: what a name search compares a question's words with. */
const nameWords = (title: string): string[] => [...new Set(title.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [])];

/** A word held by more entries than this share of them (and more than a handful) is left out of a search. */
const COMMON_WORD_SHARE = 0.15;
const COMMON_WORD_FLOOR = 5;

/** The GIN indexes searches and listings read. */
const SEARCH_INDEXES = [
  'knowledge_entries_document',
  'knowledge_entries_head',
  'knowledge_entries_states',
  'knowledge_entries_causes',
  'knowledge_name_words_word',
];

export interface ImportReport {
  added: number;
  updated: number;
  removed: number;
  unchanged: number;
}

/** Whether an import added, changed or removed an entry. */
export const archiveChanged = (report: ImportReport): boolean => report.added + report.updated + report.removed > 0;

/** Makes the table hold exactly the files' entries, in a transaction of its own; entries whose file did not change are left alone. */
export async function importKnowledge(db: Database, loaded: readonly EntryToImport[]): Promise<ImportReport> {
  return db.transaction((tx) => importKnowledgeIn(tx, loaded));
}

/** importKnowledge in the caller's transaction, which may record with it what the import changed. */
export async function importKnowledgeIn(tx: Queryable, loaded: readonly EntryToImport[]): Promise<ImportReport> {
  const { rows } = await tx.query<{ id: string; content_hash: string }>('SELECT id, content_hash FROM knowledge_entries');
  const stored = new Map(rows.map((row) => [row.id, row.content_hash]));
  const report: ImportReport = { added: 0, updated: 0, removed: 0, unchanged: 0 };
  const changed: EntryToImport[] = [];
  for (const { entry, contentHash } of loaded) {
    const known = stored.get(entry.id);
    stored.delete(entry.id);
    if (known === contentHash) {
      report.unchanged += 1;
      continue;
    }
    changed.push({ entry, contentHash });
    report[known === undefined ? 'added' : 'updated'] += 1;
  }
  for (let start = 0; start < changed.length; start += UPSERT_ENTRIES) await upsertEntries(tx, changed.slice(start, start + UPSERT_ENTRIES));
  if (stored.size > 0) await tx.query('DELETE FROM knowledge_entries WHERE id = ANY($1::text[])', [[...stored.keys()]]);
  report.removed = stored.size;
  if (archiveChanged(report)) {
    await tx.query('DELETE FROM knowledge_lexemes');
    await tx.query(
      `INSERT INTO knowledge_lexemes (lexeme, entries, common)
       SELECT word, ndoc, ndoc > greatest($1::int, (SELECT count(*) FROM knowledge_entries) * $2::float8) FROM ts_stat('SELECT document FROM knowledge_entries')`,
      [COMMON_WORD_FLOOR, COMMON_WORD_SHARE],
    );
    await tx.query('DELETE FROM knowledge_name_words');
    await tx.query('INSERT INTO knowledge_name_words (word, entries) SELECT word, count(*) FROM knowledge_names GROUP BY word');
    // New rows wait in each GIN index's pending list, which every search reads in full and only a
    // vacuum merges (none runs in PGlite): merge them now, or searches grow slow and plan table scans.
    await tx.query('SELECT gin_clean_pending_list(index::regclass) FROM unnest($1::text[]) AS index', [SEARCH_INDEXES]);
  }
  return report;
}

/** Entries written per statement: a whole archive in a few round trips (each statement is a round trip, and in PGlite a call into WASM). */
const UPSERT_ENTRIES = 250;

const ENTRY_RECORD =
  'id text, kind text, title text, summary text, body text, states text[], causes text[], questions text[], sources jsonb, as_of date, content_hash text, names text[]';

async function upsertEntries(tx: Queryable, entries: readonly EntryToImport[]): Promise<void> {
  const records = JSON.stringify(entries.map(({ entry, contentHash }) => ({ ...entry, content_hash: contentHash, names: nameWords(entry.title) })));
  await tx.query(
    `INSERT INTO knowledge_entries (id, kind, title, summary, body, states, causes, questions, sources, as_of, content_hash, document)
     SELECT e.id, e.kind, e.title, e.summary, e.body, e.states, e.causes, e.questions, e.sources, e.as_of, e.content_hash, ${documentSql}
     FROM jsonb_to_recordset($1::jsonb) AS e(${ENTRY_RECORD})
     ON CONFLICT (id) DO UPDATE SET kind = excluded.kind, title = excluded.title, summary = excluded.summary, body = excluded.body,
       states = excluded.states, causes = excluded.causes, questions = excluded.questions, sources = excluded.sources,
       as_of = excluded.as_of, content_hash = excluded.content_hash, document = excluded.document`,
    [records],
  );
  await tx.query('DELETE FROM knowledge_names WHERE entry_id = ANY($1::text[])', [entries.map(({ entry }) => entry.id)]);
  // English stop words ("the", "that") name nothing.
  await tx.query(
    `INSERT INTO knowledge_names (entry_id, word)
     SELECT e.id, w FROM jsonb_to_recordset($1::jsonb) AS e(${ENTRY_RECORD}), unnest(e.names) AS w WHERE to_tsvector('english', w) <> ''::tsvector`,
    [records],
  );
}

export interface FoundEntry {
  id: string;
  kind: string;
  title: string;
  summary: string;
  causes: string[];
  questions: string[];
  sources: { title: string; url: string }[];
  /** Full-text rank plus the name match: larger is better. */
  score: number;
  /** The share of the question's telling words (and words the archive does not hold) that the entry holds, a name it matched counted as one. */
  coverage: number;
}

/** How many entries by rank are weighed again with their coverage of the question, and how much coverage counts then. */
const CANDIDATES = 30;
/** How many entries by rank are read for the hints of the question (states, causes, kind). */
const HINTED = 100;
export const COVERAGE_WEIGHT = 1.0;
/** How many entries the words a search matches on may hold together: the rarest words tell most, and ranking every holder of a frequent word grows with the archive. */
export const MATCH_BUDGET = 2000;
/** A title word more entries hold than this names nothing in particular, so a misspelling of it boosts none of them. */
const NAME_HOLDERS = 50;
/**
 * How many title words, the nearest in spelling, a question's word is matched with: a large archive
 * holds many names a few letters apart, and matching every one of them grew the search with it.
 */
export const NAME_SPELLINGS = 10;

/** Extra score for an entry in a state the question names, of a cause its words point to, and a guide for a "how do I" question. */
export const HINT_BONUS = { state: 0.2, cause: 0.05, guide: 0.2 } as const;

/**
 * The search of searchKnowledge: $1 the question's words, $2 how many entries, $3 the states it
 * names, $4 the causes its words point to, $5 whether it asks how to do something, $6 the match budget.
 */
export const SEARCH_SQL = `WITH asked AS (SELECT DISTINCT lexeme FROM unnest(tsvector_to_array(to_tsvector('english', array_to_string($1::text[], ' ')))) AS lexeme),
     known AS (SELECT a.lexeme, l.entries, l.common FROM asked a JOIN knowledge_lexemes l ON l.lexeme = a.lexeme),
     -- The words few entries share; a question of common words only ("how to start a self-help group") keeps its three rarest.
     telling AS (
       SELECT lexeme, entries FROM known WHERE NOT common
       UNION ALL
       SELECT lexeme, entries FROM (SELECT lexeme, entries FROM known ORDER BY entries LIMIT 3) AS rarest WHERE NOT EXISTS (SELECT 1 FROM known WHERE NOT common)
     ),
     -- The rarest telling words, as many as together hold at most $6 entries (MATCH_BUDGET): only entries holding one of
     -- them are ranked, so a search reads about as many rows at any size. When even the rarest is held by more
     -- entries than that, entries are matched on their titles and questions (heading) instead.
     matching AS (
       SELECT lexeme FROM (SELECT lexeme, sum(entries) OVER (ORDER BY entries, lexeme) AS held FROM telling) AS t WHERE held <= $6::int
     ),
     q AS (
       SELECT (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) FROM telling) AS query,
              (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) FROM matching) AS matching,
              (SELECT to_tsquery('simple', string_agg(quote_literal(lexeme), ' | ')) FROM telling WHERE NOT EXISTS (SELECT 1 FROM matching)) AS heading
     ),
     -- The words the coverage is over: the telling ones and those the archive does not hold, or all of them for a question of common words only.
     asked_count AS (
       SELECT CASE WHEN EXISTS (SELECT 1 FROM known WHERE NOT common) OR NOT EXISTS (SELECT 1 FROM known)
         THEN (SELECT count(*) FROM asked a LEFT JOIN knowledge_lexemes l ON l.lexeme = a.lexeme WHERE l.common IS NOT TRUE)
         ELSE (SELECT count(*) FROM asked) END AS n
     ),
     by_text AS (
       SELECT e.id, ts_rank(e.document, q.query) AS rank FROM knowledge_entries e, q WHERE e.document @@ q.matching OR ts_filter(e.document, '{a}') @@ q.heading
     ),
     by_name AS (
       SELECT n.entry_id AS id, max(m.similarity) AS similarity
       FROM unnest($1::text[]) AS w
       CROSS JOIN LATERAL (
         SELECT v.word, similarity(v.word, w) AS similarity FROM knowledge_name_words v
         WHERE v.word % w AND v.word <> w AND v.entries <= ${NAME_HOLDERS}
         ORDER BY similarity DESC, v.word LIMIT ${NAME_SPELLINGS}
       ) AS m
       JOIN knowledge_names n ON n.word = m.word
       WHERE length(w) >= 4 AND to_tsvector('english', w) <> ''::tsvector
       GROUP BY n.entry_id
     ),
     matched AS (
       SELECT coalesce(t.id, n.id) AS id, coalesce(t.rank, 0) + coalesce(n.similarity, 0) * 0.5 AS score, (n.id IS NOT NULL)::int AS named
       FROM by_text t FULL JOIN by_name n ON n.id = t.id
     ),
     -- Only the best matches are read for their hints: a row each, by its key, however large the archive.
     ranked AS (SELECT * FROM matched ORDER BY score DESC, id LIMIT ${HINTED}),
     scored AS (
       SELECT m.id, m.named, m.score
         + CASE WHEN e.states && $3::text[] THEN ${HINT_BONUS.state} ELSE 0 END
         + CASE WHEN e.causes && $4::text[] THEN ${HINT_BONUS.cause} ELSE 0 END
         + CASE WHEN $5::boolean AND e.kind = 'guide' THEN ${HINT_BONUS.guide} ELSE 0 END AS score
       FROM ranked m JOIN knowledge_entries e ON e.id = m.id
     ),
     -- The best by rank, then by rank and how much of the question they hold: only those are read in full.
     best AS (SELECT * FROM scored ORDER BY score DESC, id LIMIT ${CANDIDATES}),
     covered AS (
       SELECT s.id, s.score, least(1, ((SELECT count(*) FROM telling t WHERE e.document @@ to_tsquery('simple', quote_literal(t.lexeme))) + s.named)::float8 / greatest((SELECT n FROM asked_count), 1)) AS coverage
       FROM best s JOIN knowledge_entries e ON e.id = s.id
     ),
     chosen AS (SELECT * FROM covered ORDER BY score + ${COVERAGE_WEIGHT} * coverage DESC, id LIMIT $2)
     SELECT e.id, e.kind, e.title, e.summary, e.causes, e.questions, e.sources, c.score::float8 AS score, c.coverage
     FROM chosen c JOIN knowledge_entries e ON e.id = c.id
     ORDER BY c.score + ${COVERAGE_WEIGHT} * c.coverage DESC, e.id`;

/** What a search looks for: a question's words (and their English), the states it names, the causes its words point to, whether it asks how to do something. */
export interface SearchTerms {
  words: readonly string[];
  states: readonly string[];
  causes: readonly string[];
  howTo: boolean;
}

/**
 * The entries that best match `terms`: full-text search over the weighted document, where any of
 * the telling words may match (more and heavier matches rank higher; words most entries share are
 * left out), plus a boost for a title word named misspelt or spelt another way (the full-text
 * search already finds it spelt right). Only entries holding the rarest of those words, up to
 * `matchBudget` holders in all, are ranked: see SEARCH_SQL.
 */
export async function searchEntries(db: Queryable, terms: SearchTerms, limit: number, matchBudget = MATCH_BUDGET): Promise<FoundEntry[]> {
  const { rows } = await db.query<FoundEntry>(SEARCH_SQL, [terms.words, limit, terms.states, terms.causes, terms.howTo, matchBudget]);
  return rows;
}

/** A word fewer than this share of the entries hold tells what a question is about. */
export const TELLING_SHARE = 0.2;

/**
 * For each entry named, the question's telling words it does not hold: the words few entries hold
 * (under TELLING_SHARE of them) or none, by their English stems, but the `framing` words given. An entry close in meaning that
 * lacks what the question names ("stipend", "eKYC", a district) is about the topic, not the answer. A hyphenated word is asked
 * by its parts, which the parser gives beside it: "collateral-free" is held by an entry writing "free of collateral".
 */
export async function missingWords(db: Queryable, question: string, entryIds: readonly string[], framing: readonly string[]): Promise<Map<string, string[]>> {
  const { rows } = await db.query<{ id: string; missing: string[] }>(
    `WITH asked AS (
            SELECT DISTINCT lexeme FROM unnest(tsvector_to_array(to_tsvector('english', $1))) AS lexeme WHERE lexeme !~ '^[a-z]+(-[a-z]+)+$'
            EXCEPT SELECT unnest(tsvector_to_array(to_tsvector('english', array_to_string($4::text[], ' '))))
          ),
          telling AS (
            SELECT a.lexeme FROM asked a LEFT JOIN knowledge_lexemes l ON l.lexeme = a.lexeme
            WHERE coalesce(l.entries, 0) <= $3::float8 * (SELECT count(*) FROM knowledge_entries)
          )
     SELECT e.id, array(SELECT t.lexeme FROM telling t WHERE NOT e.document @@ to_tsquery('simple', quote_literal(t.lexeme)) ORDER BY t.lexeme) AS missing
     FROM knowledge_entries e WHERE e.id = ANY($2::text[])`,
    [question, entryIds, TELLING_SHARE, framing],
  );
  return new Map(rows.map((row) => [row.id, row.missing]));
}

export interface EntryFilter {
  query?: string | undefined;
  kind?: string | undefined;
  state?: string | undefined;
  cause?: string | undefined;
}

/**
 * Entries that match every filter given: the words of `query` (best matches first, a title
 * holding the text counts too), a kind, a place, a cause; alphabetical without a query.
 */
export async function listEntries(
  db: Queryable,
  filter: EntryFilter,
  page: { limit: number; offset: number },
): Promise<{ entries: ListedEntry[]; total: number }> {
  const { rows } = await db.query<ListedEntry & { total: number }>(
    `WITH q AS (SELECT CASE WHEN $1::text IS NULL THEN NULL ELSE websearch_to_tsquery('english', $1::text) END AS query)
     SELECT e.id, e.kind, e.title, e.summary, e.states, e.causes, to_char(e.as_of, 'YYYY-MM-DD') AS as_of, count(*) OVER ()::int AS total
     FROM knowledge_entries e, q
     WHERE ($2::text IS NULL OR e.kind = $2) AND ($3::text IS NULL OR e.states @> ARRAY[$3::text]) AND ($4::text IS NULL OR e.causes @> ARRAY[$4::text])
       AND (q.query IS NULL OR e.document @@ q.query OR e.title ILIKE '%' || $1 || '%')
     ORDER BY CASE WHEN q.query IS NULL THEN 0 ELSE ts_rank(e.document, q.query) END DESC, e.title, e.id
     LIMIT $5 OFFSET $6`,
    [filter.query ?? null, filter.kind ?? null, filter.state ?? null, filter.cause ?? null, page.limit, page.offset],
  );
  return { entries: rows.map(({ total: _total, ...entry }) => entry), total: rows[0]?.total ?? 0 };
}

export async function findEntry(db: Queryable, id: string): Promise<FullEntry | undefined> {
  const { rows } = await db.query<FullEntry>(
    "SELECT id, kind, title, summary, body, states, causes, questions, sources, to_char(as_of, 'YYYY-MM-DD') AS as_of FROM knowledge_entries WHERE id = $1",
    [id],
  );
  return rows[0];
}
