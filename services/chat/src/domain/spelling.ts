import { distance } from 'fastest-levenshtein';
import { soundOf, type Spellings } from './names.ts';

/** Shorter words are too often another word one letter away. */
const SHORTEST = 5;

/** Letters a misspelling may differ by: one in a short word, two from six letters on ("recieve", "enviornment"). */
const lettersDiffering = (word: string) => Math.min(2, Math.floor(word.length / 3));

/**
 * The question with its misspelt words ("recieve", "assesment", "elegible") spelt as the archive
 * spells them. A word is misspelt when neither the archive nor English holds it and the archive
 * has a word of the same sound (names.ts soundOf) a letter or two away. A word English holds
 * ("wheat") is kept though the archive lacks it, and so is an unknown name ("Villgro"): either
 * may be just what tells that the archive has no answer.
 */
export function respelt(question: string, spellings: Spellings, englishWords: ReadonlySet<string>): string {
  return question.replace(/\p{L}+/gu, (word) => {
    const lower = word.toLowerCase();
    if (lower.length < SHORTEST || !/^[a-z]+$/.test(lower) || englishWords.has(lower)) return word;
    const alike = spellings.get(soundOf(lower)) ?? [];
    if (alike.includes(lower)) return word;
    // A misspelling keeps its last letter; a Hindi word's ending is not one ("kahani" is not Kahn, "purani" not Puran).
    const near = alike.filter((other) => other.at(-1) === lower.at(-1) && distance(lower, other) <= lettersDiffering(lower));
    // Title words come first in `alike` (names); of the rest, the most used.
    return near[0] ?? word;
  });
}
