// Repository checks of the knowledge base beyond its schema: no two entries about the same
// thing, sources that are real addresses and not one page propping up many unrelated entries,
// none resting on mirrors, document dumps or content farms alone, and dates that are real days,
// with a review date the entry's kind allows.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { loadKnowledgeFiles } from '../../src/adapters/knowledge-files.ts';
import { CAUSES, PLACES, type KnowledgeEntry } from '../../src/domain/knowledge-entry.ts';
import { reviewProblem } from '../../src/domain/knowledge-review.ts';

let entries: KnowledgeEntry[];
before(async () => {
  entries = (await loadKnowledgeFiles()).map(({ entry }) => entry);
});

/** A YYYY-MM-DD that names a day of the calendar (not 2026-02-30). */
const realDay = (day: string) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;

const normalised = (text: string) =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Word triples of a text: two bodies that share more than half of them say the same thing (a founder and their organisation share about a third). */
function shingles(text: string): Set<string> {
  const words = normalised(text).split(' ');
  return new Set(words.slice(2).map((word, i) => `${words[i] ?? ''} ${words[i + 1] ?? ''} ${word}`));
}

function overlap(a: Set<string>, b: Set<string>): number {
  let shared = 0;
  for (const shingle of a) if (b.has(shingle)) shared += 1;
  return shared / Math.min(a.size, b.size);
}

/** An entry's title without what varies between two write-ups of one thing. */
const titleKey = (title: string) =>
  normalised(title)
    .replace(/\b(the|of|and|in|india|indian|foundation|trust|society|scheme|yojana|programme|program|mission)\b/g, '')
    .replace(/\s+/g, '');

/**
 * Hosts that copy others' pages (Wikipedia mirrors, document dumps) or write for search engines:
 * a claim may lean on one only beside a primary or reputable source that says the same.
 */
const WEAK_HOSTS =
  /(^|\.)(wikipedia-on-ipfs\.org|defzone\.net|riteme\.site|wikisum\.wiki|wikimili\.com|vdocuments\.[a-z]+|fdocuments\.[a-z]+|pdfslide\.[a-z]+|scribd\.com|hubpages\.com)$/;
const isWeak = (url: string): boolean => URL.canParse(url) && WEAK_HOSTS.test(new URL(url).hostname);
const restsOnWeakSourcesAlone = (entry: Pick<KnowledgeEntry, 'sources'>): boolean => entry.sources.every((source) => isWeak(source.url));

describe('the knowledge base, as a whole', () => {
  it('has no two entries about the same thing (same title, or bodies that mostly say the same)', () => {
    const seen = new Map<string, string>();
    const sameTitle: string[] = [];
    for (const entry of entries) {
      const key = `${entry.kind}:${titleKey(entry.title)}`;
      const other = seen.get(key);
      if (other) sameTitle.push(`${other} and ${entry.id}`);
      seen.set(key, entry.id);
    }
    assert.deepEqual(sameTitle, [], 'entries of one kind with the same title');
    const bodies = entries.map((entry) => ({ id: entry.id, shingles: shingles(`${entry.summary} ${entry.body}`) }));
    const alike: string[] = [];
    for (const [i, a] of bodies.entries()) {
      for (const b of bodies.slice(i + 1)) if (overlap(a.shingles, b.shingles) > 0.5) alike.push(`${a.id} and ${b.id}`);
    }
    assert.deepEqual(alike, [], 'entries whose texts are mostly the same');
  });

  it('cites sources at real https addresses, none the only source of several unrelated entries', () => {
    const malformed = entries.flatMap((entry) =>
      entry.sources.flatMap((source) => {
        const url = URL.canParse(source.url) ? new URL(source.url) : undefined;
        return url?.protocol === 'https:' && url.hostname.includes('.') && !/\s/.test(source.url) ? [] : [`${entry.id}: ${source.url}`];
      }),
    );
    assert.deepEqual(malformed, []);
    const onlySourceOf = new Map<string, string[]>();
    for (const entry of entries) {
      const [only] = entry.sources;
      if (entry.sources.length === 1 && only) onlySourceOf.set(only.url, [...(onlySourceOf.get(only.url) ?? []), entry.id]);
    }
    const propping = [...onlySourceOf].filter(([, ids]) => ids.length > 2).map(([url, ids]) => `${url}: ${ids.join(', ')}`);
    assert.deepEqual(propping, [], 'a page that is the only source of more than two entries');
    const repeatedWithin = entries.filter((entry) => new Set(entry.sources.map((s) => s.url)).size !== entry.sources.length).map((entry) => entry.id);
    assert.deepEqual(repeatedWithin, [], 'an entry that lists one source twice');
  });

  it('refuses an entry whose only sources are mirrors, document dumps or content farms', () => {
    const dumpOnly = {
      sources: [
        { title: 'A', url: 'https://www.scribd.com/document/1/x' },
        { title: 'B', url: 'https://wikimili.com/en/X' },
      ],
    };
    const withPrimary = { sources: [...dumpOnly.sources, { title: 'C', url: 'https://www.india.gov.in/x' }] };
    assert.equal(restsOnWeakSourcesAlone(dumpOnly), true);
    assert.equal(restsOnWeakSourcesAlone(withPrimary), false);
    assert.equal(isWeak('https://de.scribd.com/doc/2'), true);
    assert.equal(isWeak('https://www.thehindu.com/news/x'), false);
    assert.deepEqual(
      entries.filter(restsOnWeakSourcesAlone).map((entry) => entry.id),
      [],
    );
  });

  it('dates every entry, guides included, with a real day no later than today', () => {
    const today = new Date().toISOString().slice(0, 10);
    const wrong = entries.filter((entry) => !realDay(entry.as_of) || entry.as_of > today);
    assert.deepEqual(
      wrong.map((entry) => `${entry.id}: ${entry.as_of}`),
      [],
    );
  });

  it('gives every entry a real review date after its as-of date, within a year for schemes and guides and three for the rest', () => {
    const wrong = entries.flatMap((entry) => {
      const problem = realDay(entry.review_by) ? reviewProblem(entry) : `review_by ${entry.review_by} is not a day`;
      return problem === undefined ? [] : [`${entry.id}: ${problem}`];
    });
    assert.deepEqual(wrong, []);
  });
});

describe('the archive’s reach', () => {
  /** Issue 24's floor: what a person in any state or UT, or working on any cause, finds at the least. */
  const PER_PLACE = 15;
  const PER_CAUSE = 20;

  it(`holds at least ${String(PER_PLACE)} entries for each state and UT and ${String(PER_CAUSE)} for each cause`, () => {
    const count = (has: (entry: KnowledgeEntry) => boolean) => entries.filter(has).length;
    const thinPlaces = PLACES.filter((place) => count((entry) => entry.states.includes(place)) < PER_PLACE);
    const thinCauses = CAUSES.filter((cause) => count((entry) => entry.causes.includes(cause)) < PER_CAUSE);
    assert.deepEqual(thinPlaces, []);
    assert.deepEqual(thinCauses, []);
  });
});
