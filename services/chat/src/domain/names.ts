import { distance } from 'fastest-levenshtein';

/**
 * A word's sound, roughly, as Indian names are spelt in English and romanised from Devanagari:
 * "Goonj" and गूंज romanised "gunj" both give "gnj"; "Foundation" and फाउंडेशन's "phaundeshan"
 * both give "fndsn". The first letter is kept, then the consonants, with the usual spellings of
 * one sound made one. Used only to find a name the question spells another way.
 */
export function soundOf(word: string): string {
  const w = word
    .toLowerCase()
    .replace(/[^a-z]/g, '')
    .replace(/tion/g, 'shn')
    .replace(/ph/g, 'f')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/ck|q|c(?!h)/g, 'k')
    .replace(/([kgcjtdpbs])h/g, '$1')
    .replace(/^yu/, 'u')
    .replace(/([aeiou])w(?![aeiou])/g, '$1')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/x/g, 'ks');
  const first = w.slice(0, 1);
  return (first + w.slice(1).replace(/[aeiouy]/g, '')).replace(/(.)\1+/g, '$1');
}

/** Sounds shorter than this match too many words by chance. */
const SHORTEST_SOUND = 3;

/** The archive's words by their sound (soundOf), those of titles first, then the most used. */
export type Spellings = ReadonlyMap<string, readonly string[]>;

/**
 * The archive's spellings of each sound its words make: a romanised Hindi word is read as the
 * archive's word that sounds like it ("gunj" as "goonj", "startap" as "startup"). A title's words
 * come first, being names ("smail" is Smile, not small); among words of one sound, the one the
 * archive uses most.
 */
export function archiveSpellings(entries: Iterable<{ title: string; text: string }>): Spellings {
  const titleUses = new Map<string, number>();
  const textUses = new Map<string, number>();
  const count = (uses: Map<string, number>, text: string) => {
    for (const word of text.match(/[A-Za-z]{3,}/g) ?? []) uses.set(word.toLowerCase(), (uses.get(word.toLowerCase()) ?? 0) + 1);
  };
  for (const { title, text } of entries) {
    count(titleUses, title);
    count(textUses, text);
  }
  const spellings = new Map<string, string[]>();
  // Title words first, then the text's other words; each by use.
  for (const [word] of [titleUses, textUses].flatMap((uses) => [...uses].sort(([a, m], [b, n]) => n - m || a.localeCompare(b)))) {
    const sound = soundOf(word);
    const words = spellings.get(sound) ?? [];
    if (sound.length >= SHORTEST_SOUND && !words.includes(word)) spellings.set(sound, [...words, word]);
  }
  return spellings;
}

/** Spellings of one sound written alike: the letters Hindi and English write one sound with made one. */
const written = (word: string) =>
  word
    .replace(/ph/g, 'f')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/c(?=[eiy])/g, 's')
    .replace(/ck|q|c(?!h)/g, 'k')
    .replace(/oo|ou/g, 'u')
    .replace(/ee/g, 'i')
    .replace(/y/g, 'i')
    .replace(/ai/g, 'i')
    .replace(/(.)\1+/g, '$1');

/** A third of a word's letters may differ: "patana" is Patna, "smail" Smile; "garmi" is not gram, nor "bachat" boycott. */
const LETTERS_DIFFERING = 0.34;

/**
 * The archive's word a romanised Hindi word spells, if any: one of its sound whose letters are
 * also nearly the same (sounds alone match words by chance: करूं's "karun" and Karuna, गर्मी and
 * gram).
 */
export function archiveSpelling(spellings: Spellings, latin: string): string | undefined {
  const asWritten = written(latin);
  return spellings.get(soundOf(latin))?.find((word) => {
    const other = written(word);
    return distance(asWritten, other) <= Math.floor(LETTERS_DIFFERING * Math.max(asWritten.length, other.length));
  });
}
