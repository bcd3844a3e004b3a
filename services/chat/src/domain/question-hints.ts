import { PLACES, type CAUSES } from './knowledge-entry.ts';
import { HINGLISH_TO_ENGLISH } from './glossary.ts';

type Cause = (typeof CAUSES)[number];

/**
 * What a question says beyond its words: the states or union territories it names (spelt out or
 * as people abbreviate them), the causes its words point to, whether it asks how to do
 * something (guides answer those), and the English for common Hindi words typed in Latin letters.
 */
export interface QuestionHints {
  states: string[];
  /** The question's words that named those states: searched through the states field, not the text. */
  placeWords: string[];
  causes: Cause[];
  howTo: boolean;
  /** English words to search besides the question's own (Hinglish: "pani" → water). */
  english: string[];
}

/** Other names people use for a state or union territory, lower-case. */
const STATE_ALIASES: Readonly<Record<string, string>> = {
  up: 'Uttar Pradesh',
  mp: 'Madhya Pradesh',
  tn: 'Tamil Nadu',
  ap: 'Andhra Pradesh',
  hp: 'Himachal Pradesh',
  wb: 'West Bengal',
  bengal: 'West Bengal',
  orissa: 'Odisha',
  jk: 'Jammu and Kashmir',
  kashmir: 'Jammu and Kashmir',
  jammu: 'Jammu and Kashmir',
  pondicherry: 'Puducherry',
  uttaranchal: 'Uttarakhand',
  'new delhi': 'Delhi',
  andaman: 'Andaman and Nicobar Islands',
  daman: 'Dadra and Nagar Haveli and Daman and Diu',
  'dadra and nagar haveli': 'Dadra and Nagar Haveli and Daman and Diu',
  mumbai: 'Maharashtra',
  pune: 'Maharashtra',
  bengaluru: 'Karnataka',
  bangalore: 'Karnataka',
  chennai: 'Tamil Nadu',
  kolkata: 'West Bengal',
  hyderabad: 'Telangana',
  lucknow: 'Uttar Pradesh',
  patna: 'Bihar',
  jaipur: 'Rajasthan',
  ahmedabad: 'Gujarat',
  bhopal: 'Madhya Pradesh',
  bhubaneswar: 'Odisha',
  guwahati: 'Assam',
  ranchi: 'Jharkhand',
  raipur: 'Chhattisgarh',
  shimla: 'Himachal Pradesh',
  dehradun: 'Uttarakhand',
  thiruvananthapuram: 'Kerala',
  kochi: 'Kerala',
  srinagar: 'Jammu and Kashmir',
  leh: 'Ladakh',
  shillong: 'Meghalaya',
  imphal: 'Manipur',
  aizawl: 'Mizoram',
  kohima: 'Nagaland',
  gangtok: 'Sikkim',
  agartala: 'Tripura',
  itanagar: 'Arunachal Pradesh',
};

/** Words that point to a cause (English and common Hindi), by their start: "farm" finds "farmers". */
const CAUSE_WORDS: Readonly<Record<string, Cause>> = {
  water: 'water',
  pani: 'water',
  drought: 'water',
  irrigat: 'water',
  toilet: 'sanitation',
  sanitation: 'sanitation',
  shauchalay: 'sanitation',
  school: 'education',
  educat: 'education',
  literacy: 'education',
  padhai: 'education',
  shiksha: 'education',
  health: 'health',
  hospital: 'health',
  doctor: 'health',
  swasthya: 'health',
  ilaj: 'health',
  ilaaj: 'health',
  job: 'livelihoods',
  livelihood: 'livelihoods',
  naukri: 'livelihoods',
  rozgar: 'livelihoods',
  employment: 'livelihoods',
  farm: 'agriculture',
  kisan: 'agriculture',
  krishi: 'agriculture',
  crop: 'agriculture',
  kheti: 'agriculture',
  solar: 'energy',
  electric: 'energy',
  bijli: 'energy',
  energy: 'energy',
  forest: 'environment',
  pollution: 'environment',
  tree: 'environment',
  climate: 'climate',
  women: 'women-and-gender',
  woman: 'women-and-gender',
  girl: 'women-and-gender',
  mahila: 'women-and-gender',
  beti: 'women-and-gender',
  ladki: 'women-and-gender',
  disab: 'disability',
  divyang: 'disability',
  blind: 'disability',
  deaf: 'disability',
  village: 'rural-development',
  rural: 'rural-development',
  gaon: 'rural-development',
  slum: 'urban-poverty',
  homeless: 'urban-poverty',
  bank: 'financial-inclusion',
  loan: 'financial-inclusion',
  credit: 'financial-inclusion',
  insurance: 'financial-inclusion',
  child: 'children',
  bachch: 'children',
  elder: 'elderly',
  pension: 'elderly',
  buzurg: 'elderly',
  waste: 'waste-management',
  garbage: 'waste-management',
  kachra: 'waste-management',
  tribal: 'tribal-communities',
  adivasi: 'tribal-communities',
  nutrition: 'nutrition',
  malnutrition: 'nutrition',
  khana: 'nutrition',
  house: 'housing',
  housing: 'housing',
  ghar: 'housing',
  menstrua: 'menstrual-health',
  disaster: 'disaster-relief',
  flood: 'disaster-relief',
  digital: 'digital-inclusion',
  internet: 'digital-inclusion',
};

/**
 * Hindi function words typed in Latin letters ("ka", "mein", "kaise"): they carry no topic, so
 * they are neither searched nor counted against an entry's coverage of the question.
 */
export const HINDI_FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'ka', 'ki', 'ke', 'ko', 'se', 'me', 'mein', 'mai', 'main', 'hai', 'hain', 'ho', 'hota', 'hoti', 'hote', 'tha', 'thi', 'the', 'kya', 'kaise',
  'kaisa', 'kitna', 'kitni', 'kitne', 'kab', 'kahan', 'kaun', 'kaunsa', 'konsa', 'kon', 'kis', 'kisne', 'kisko', 'aur', 'ya', 'bhi', 'par', 'pe',
  'liye', 'lie', 'wala', 'wali', 'wale', 'wal', 'walon', 'milta', 'milti', 'milte', 'milega', 'milegi', 'mile', 'kare', 'karein', 'karen',
  'karna', 'karne', 'karta', 'karti', 'karte', 'kiya', 'kar', 'de', 'deta', 'deti', 'dete', 'do', 'sakte', 'sakta', 'sakti', 'chahiye',
  'hum', 'humein', 'mujhe', 'mera', 'meri', 'mere', 'apna', 'apni', 'apne', 'ab', 'abhi', 'gaya', 'gayi', 'gaye', 'ho', 'band', 'nahi',
  'nahin', 'jo', 'jab', 'tab', 'yeh', 'ye', 'woh', 'wo', 'ek', 'sab', 'koi', 'kuch', 'bahut', 'sabse', 'pehla', 'pehli', 'banaye', 'banane',
  'bane', 'bhai', 'ji', 'aayega', 'aayegi', 'aata', 'aati', 'kaha', 'bhare', 'bharna', 'karaye', 'karayen', 'pehle', 'logo', 'logon',
  'kyu', 'kyun', 'mila', 'mili', 'hua', 'hui', 'ne', 'konsa', 'kaunsa', 'rahega', 'rahegi', 'raha', 'rahi', 'rahe', 'accha', 'acha', 'achha',
  'unhen', 'unhe', 'unko', 'inko', 'isko', 'usko', 'hamara', 'hamare', 'hamari', 'tum', 'aap', 'aapka', 'aapki', 'batao', 'bataiye', 'bataye',
  'chahte', 'chahta', 'chahti', 'lena', 'lene', 'dena', 'dene', 'jaye', 'jaaye', 'jata', 'jati', 'jate', 'ja', 'sake', 'paaye', 'paye',
  'bada', 'badi', 'bade', 'kisi', 'sahi', 'upayogi', 'pada', 'padi', 'pade',
]);


const HOW_TO = /^(how (do|can|to|should|does one)\b|how i\b|steps? (to|for)\b|process (to|for|of)\b|procedure\b|what is the (process|procedure)\b|guide to\b)|\bkaise\b|\bkya process\b/;

/** The states' two-letter names ("UP", "MP"): hintsOf counts them only in capitals. */
export const STATE_ABBREVIATIONS: readonly string[] = Object.keys(STATE_ALIASES).filter((alias) => alias.length === 2);

const placeByName = new Map<string, string>([...PLACES.filter((place) => place !== 'All India').map((place): [string, string] => [place.toLowerCase(), place]), ...Object.entries(STATE_ALIASES)]);

export function hintsOf(question: string): QuestionHints {
  const text = ` ${question.toLowerCase().replace(/[^\p{L}\p{N}&]+/gu, ' ').replace(/\s+/g, ' ').trim()} `;
  const words = text.trim().split(' ');
  const states = new Set<string>();
  const placeWords = new Set<string>();
  for (const [name, place] of placeByName) {
    // Two-letter abbreviations count only in capitals ("UP", not "up the river").
    if (name.length <= 2 ? new RegExp(`\\b${name.toUpperCase()}\\b`).test(question) : text.includes(` ${name} `)) {
      states.add(place);
      for (const word of name.split(' ')) if (word !== 'and') placeWords.add(word);
    }
  }
  const causes = new Set<Cause>();
  for (const word of words) {
    for (const [start, cause] of Object.entries(CAUSE_WORDS)) if (word.startsWith(start)) causes.add(cause);
  }
  return { states: [...states], placeWords: [...placeWords], causes: [...causes], howTo: HOW_TO.test(text.trim()), english: [...new Set(words.flatMap((word) => HINGLISH_TO_ENGLISH.get(word)?.split(' ').filter(Boolean) ?? []))] };
}
