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
    .replace(/([kgcjtdpbs])h/g, '$1')
    .replace(/ck|q/g, 'k')
    .replace(/w/g, 'v')
    .replace(/z/g, 'j')
    .replace(/x/g, 'ks');
  const first = w.slice(0, 1);
  return (first + w.slice(1).replace(/[aeiouy]/g, '')).replace(/(.)\1+/g, '$1');
}

/** Sounds shorter than this match too many words by chance. */
const SHORTEST_SOUND = 3;

/**
 * The archive's spelling of each sound its words make: a romanised Hindi word is read as the
 * archive's word that sounds like it ("gunj" as "goonj", "startap" as "startup"). A title's words
 * come first, being names ("smail" is Smile, not small); among words of one sound, the one the
 * archive uses most.
 */
export function archiveSpellings(entries: Iterable<{ title: string; text: string }>): ReadonlyMap<string, string> {
  const titleUses = new Map<string, number>();
  const textUses = new Map<string, number>();
  const count = (uses: Map<string, number>, text: string) => {
    for (const word of text.match(/[A-Za-z]{3,}/g) ?? []) uses.set(word.toLowerCase(), (uses.get(word.toLowerCase()) ?? 0) + 1);
  };
  for (const { title, text } of entries) {
    count(titleUses, title);
    count(textUses, text);
  }
  const spellings = new Map<string, string>();
  for (const uses of [titleUses, textUses]) {
    const best = new Map<string, { word: string; n: number }>();
    for (const [word, n] of uses) {
      const sound = soundOf(word);
      if (sound.length < SHORTEST_SOUND || spellings.has(sound)) continue;
      const known = best.get(sound);
      if (!known || n > known.n) best.set(sound, { word, n });
    }
    for (const [sound, { word }] of best) spellings.set(sound, word);
  }
  return spellings;
}
