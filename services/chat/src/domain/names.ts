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
 * The archive's spelling of each sound its titles hold: a romanised Hindi word is read as the
 * title word that sounds like it. A sound two different title words share names neither.
 */
export function titleSpellings(titles: Iterable<string>): ReadonlyMap<string, string> {
  const spelling = new Map<string, string | null>();
  for (const title of titles) {
    for (const word of title.match(/[A-Za-z]{4,}/g) ?? []) {
      const sound = soundOf(word);
      if (sound.length < SHORTEST_SOUND) continue;
      const known = spelling.get(sound);
      if (known === undefined) spelling.set(sound, word.toLowerCase());
      else if (known !== null && known !== word.toLowerCase()) spelling.set(sound, null);
    }
  }
  return new Map([...spelling].filter((pair): pair is [string, string] => pair[1] !== null));
}
