import Sanscript from '@indic-transliteration/sanscript';
import { HINGLISH_TO_ENGLISH, HINDI_TO_ENGLISH } from './glossary.ts';
import { acronymOf } from './letter-names.ts';
import { archiveSpelling, type Spellings } from './names.ts';
import { HINDI_FUNCTION_WORDS, STATE_ABBREVIATIONS } from './question-hints.ts';

/** en: English; hinglish: Hindi typed in Latin letters; hi: Hindi in Devanagari. */
export type QuestionLanguage = 'en' | 'hinglish' | 'hi';

const DEVANAGARI = /[\u0900-\u097F]/u;
const DEVANAGARI_WORD = /[\u0900-\u097F]+/gu;

/** Hindi function words that are English words too ("the", "main", "band") or parts of names ("bhai", "agar", "tak"): no sign of Hinglish. */
const ALSO_ENGLISH = new Set('the par main band bare lie tab sake mile mere logo logon bane bade jab agar hone bhai vale kar tak'.split(' '));

/**
 * Words that mark a question typed in Latin letters as Hindi: the Hindi function words of three
 * letters or more that are not English too ("unki", "batao", "wale"), the postpositions an English
 * question does not hold ("ka", "ko"; not "me", "do"), and everyday words no English question
 * holds. Scheme names in Hindi ("pm kisan status", "mahila e haat") are not markers: such
 * questions are English.
 */
const HINGLISH_MARKERS: ReadonlySet<string> = new Set([
  ...[...HINDI_FUNCTION_WORDS].filter((word) => word.length > 2 && !ALSO_ENGLISH.has(word)),
  ...['ka', 'ki', 'ke', 'ko', 'kese', 'konsi', 'kaunsi', 'milenge', 'milne', 'banwana', 'karwana'],
  ...['kahani', 'kahaniyan', 'jankari', 'jaankari', 'kharcha', 'kharch'],
]);

export function languageOf(question: string): QuestionLanguage {
  if (DEVANAGARI.test(question)) return 'hi';
  const words = question.toLowerCase().match(/[a-z]+/g) ?? [];
  return words.some((word) => HINGLISH_MARKERS.has(word)) ? 'hinglish' : 'en';
}

/** Hindi drops the inherent vowel at the end of a word ("ja" of गूंज is "j"), which Sanskrit transliteration keeps; a long ā stays (मेधा is "medha"). ITRANS writes the inherent vowel "a", a long one "A". */
const schwaDropped = (itrans: string) => (itrans.length > 2 && /[^aeiouAEIOU]a$/.test(itrans) ? itrans.slice(0, -1) : itrans);

/** Sanscript's function; its type declarations leave `t` out of the namespace they export. */
const transliterate = Reflect.get(Sanscript, 't') as (data: string, from: string, to: string) => string;

/** A Devanagari word in plain Latin letters, as people spell names: गूंज → "gunj", as "Goonj" sounds. */
export function romanised(word: string): string {
  // The candra o of English loanwords (ऑफिस, रॉय) is an o; ITRANS marks long vowels and retroflex
  // consonants in capitals, the anusvara as M (a nasal: n).
  const itrans = transliterate(word.replace(/\u0949/gu, '\u094B').replace(/\u0911/gu, '\u0913'), 'devanagari', 'itrans')
    .replace(/M/g, 'n')
    .replace(/\.n/g, 'n');
  return schwaDropped(itrans.replace(/[^a-zA-Z]/g, '')).toLowerCase();
}

/** Whole words of either script: a Latin phrase ("ke badle") matches in any case, never inside a word. */
const glossaryPattern = new RegExp(`(?<![\\u0900-\\u097Fa-z])(${HINDI_TO_ENGLISH.map(([hindi]) => hindi).join('|')})(?![\\u0900-\\u097Fa-z])`, 'giu');
const glossary = new Map(HINDI_TO_ENGLISH);

/** A state's two-letter name typed in small letters before a Hindi postposition: "up me", "mp ke". */
const STATE_BEFORE_POSTPOSITION = new RegExp(`\\b(${STATE_ABBREVIATIONS.join('|')})(?= +(me|mein|mai|ke|ki|ka|se|wale|wali|wala)\\b)`, 'g');

/** Words not in the glossary in English: Hindi typed in Latin letters (pani → water), acronyms spelt out in Devanagari and other Devanagari romanised, Hindi function words dropped. */
function wordsInEnglish(text: string, spellings: Spellings): string[] {
  return text
    .replace(DEVANAGARI_WORD, (word) => {
      const latin = romanised(word);
      return ` ${acronymOf(word) ?? archiveSpelling(spellings, latin) ?? latin} `;
    })
    .split(/\s+/)
    .flatMap((word) => {
      const bare = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
      if (!bare) return [];
      const english = HINGLISH_TO_ENGLISH.get(bare);
      if (english) return [english];
      return HINDI_FUNCTION_WORDS.has(bare) ? [] : [word];
    });
}

/**
 * The question in words the English archive holds: phrases of the domain glossary (मनरेगा →
 * MGNREGA, जॉब कार्ड → job card, "paani foundation" → Paani Foundation) and Hindi words typed in
 * Latin letters (pani → water) become their English; other Devanagari words, names most of all,
 * are romanised; Hindi function words are dropped. English words pass unchanged.
 */
export function inEnglish(question: string, spellings: Spellings = new Map()): string {
  // Hinglish writes "up me" for "in UP": the state, which hintsOf counts only in capitals.
  const text = question
    .replace(STATE_BEFORE_POSTPOSITION, (abbreviation) => abbreviation.toUpperCase())
    .normalize('NFC')
    .replace(/[\u0964\u0965]/gu, ' ');
  // Whole words and phrases only, longest first: जॉब कार्ड before कार्ड, and का never inside कार्ड.
  // The glossary's English is final, not read again as Hinglish: बेटी बचाओ is "Beti Bachao", not "daughter Bachao".
  const words: string[] = [];
  let from = 0;
  for (const match of text.matchAll(glossaryPattern)) {
    words.push(...wordsInEnglish(text.slice(from, match.index), spellings), glossary.get(match[0].toLowerCase()) ?? '');
    from = match.index + match[0].length;
  }
  words.push(...wordsInEnglish(text.slice(from), spellings));
  return words.filter((word) => word.length > 0).join(' ');
}
