/**
 * English letters as Hindi writes their names (ए बी सी …), longest first: an acronym typed in
 * Devanagari is its letters' names run together (पीएमईजीपी is PMEGP, एनएफएचएस is NFHS).
 */
const LETTER_NAMES: readonly (readonly [string, string])[] = (
  [
    ['डब्ल्यू', 'W'],
    ['क्यू', 'Q'],
    ['एक्स', 'X'],
    ['ज़ेड', 'Z'],
    ['जेड', 'Z'],
    ['वाई', 'Y'],
    ['आई', 'I'],
    ['आर', 'R'],
    ['एफ', 'F'],
    ['एच', 'H'],
    ['एल', 'L'],
    ['एम', 'M'],
    ['एन', 'N'],
    ['एस', 'S'],
    ['बी', 'B'],
    ['सी', 'C'],
    ['डी', 'D'],
    ['जी', 'G'],
    ['जे', 'J'],
    ['के', 'K'],
    ['पी', 'P'],
    ['टी', 'T'],
    ['यू', 'U'],
    ['वी', 'V'],
    ['ए', 'A'],
    ['ई', 'E'],
    ['ओ', 'O'],
  ] as const
).map(([name, letter]) => [name.normalize('NFC'), letter] as const);

/** The letters `word` spells from its start, trying longer names first and going back where a shorter one was needed (एसी: ए सी, not एस then ी). */
function spelt(word: string): string | undefined {
  if (word === '') return '';
  for (const [name, letter] of LETTER_NAMES) {
    if (!word.startsWith(name)) continue;
    const rest = spelt(word.slice(name.length));
    if (rest !== undefined) return letter + rest;
  }
  return undefined;
}

/**
 * The acronym a Devanagari word spells by its letters' names, when it is three letters or more
 * (सीएसआर: CSR); shorter runs are Hindi words as often (जी, के, पीए). undefined otherwise.
 */
export function acronymOf(word: string): string | undefined {
  const letters = spelt(word.normalize('NFC'));
  return letters !== undefined && letters.length >= 3 ? letters : undefined;
}
