import Sanscript from '@indic-transliteration/sanscript';
import { HINGLISH_TO_ENGLISH, HINDI_TO_ENGLISH } from './glossary.ts';
import { archiveSpelling, type Spellings } from './names.ts';
import { HINDI_FUNCTION_WORDS, STATE_ABBREVIATIONS } from './question-hints.ts';

/** en: English; hinglish: Hindi typed in Latin letters; hi: Hindi in Devanagari. */
export type QuestionLanguage = 'en' | 'hinglish' | 'hi';

const DEVANAGARI = /[\u0900-\u097F]/u;
const DEVANAGARI_WORD = /[\u0900-\u097F]+/gu;

/** Hindi words typed in Latin letters that an English question does not hold (not "me", "do", "the"). */
const HINGLISH_MARKERS = new Set([
  'kaise',
  'kya',
  'kaun',
  'kitna',
  'kitni',
  'kitne',
  'hai',
  'hain',
  'ka',
  'ki',
  'ke',
  'ko',
  'mein',
  'liye',
  'milega',
  'milegi',
  'karein',
  'kare',
  'chahiye',
  'kahan',
  'kab',
  'aur',
  'nahi',
  'mujhe',
  'hamare',
  'hamara',
  'apne',
  'kaha',
  'sakte',
  'sakta',
  'wala',
  'wali',
  'bhi',
  'kyu',
  'kyun',
  'mila',
  'mili',
  'kiya',
  'hua',
  'hui',
  'karna',
  'karte',
  'karta',
  'karti',
  'konsa',
  'kaunsa',
  'rahega',
  'rahi',
  'raha',
  'hota',
  'hoti',
  'kese',
  'konsi',
  'kaunsi',
  'milenge',
  'milne',
  'milta',
  'milti',
  'milte',
  'hoga',
  'hogi',
  'karu',
  'hoon',
  'nhi',
  'krna',
  'jisme',
  'kyunki',
  'banwana',
  'karwana',
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

const glossaryPattern = new RegExp(`(?<![\\u0900-\\u097F])(${HINDI_TO_ENGLISH.map(([hindi]) => hindi).join('|')})(?![\\u0900-\\u097F])`, 'gu');
const glossary = new Map(HINDI_TO_ENGLISH);

/**
 * The question in words the English archive holds: Devanagari phrases of the domain glossary
 * (मनरेगा → MGNREGA, जॉब कार्ड → job card) and Hindi words typed in Latin letters (pani → water)
 * become their English; other Devanagari words, names most of all, are romanised; Hindi function
 * words are dropped. English words pass unchanged.
 */
/** A state's two-letter name typed in small letters before a Hindi postposition: "up me", "mp ke". */
const STATE_BEFORE_POSTPOSITION = new RegExp(`\\b(${STATE_ABBREVIATIONS.join('|')})(?= +(me|mein|mai|ke|ki|ka|se|wale|wali|wala)\\b)`, 'g');

export function inEnglish(question: string, spellings: Spellings = new Map()): string {
  // Whole words and phrases only, longest first: जॉब कार्ड before कार्ड, and का never inside कार्ड.
  // Hinglish writes "up me" for "in UP": the state, which hintsOf counts only in capitals.
  const text = question
    .replace(STATE_BEFORE_POSTPOSITION, (abbreviation) => abbreviation.toUpperCase())
    .normalize('NFC')
    .replace(/[\u0964\u0965]/gu, ' ')
    .replace(glossaryPattern, (hindi) => ` ${glossary.get(hindi) ?? ''} `)
    .replace(DEVANAGARI_WORD, (word) => {
      const latin = romanised(word);
      return ` ${archiveSpelling(spellings, latin) ?? latin} `;
    });
  const words = text.split(/\s+/).filter((word) => word.length > 0);
  return words
    .flatMap((word) => {
      const bare = word.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
      if (!bare) return [];
      const english = HINGLISH_TO_ENGLISH.get(bare);
      if (english) return [english];
      return HINDI_FUNCTION_WORDS.has(bare) ? [] : [word];
    })
    .join(' ');
}
