/**
 * What a question asks for, read from its English (query-language.ts turns Hindi into English
 * first): the answer is composed from the sentences that give that.
 */
export type Intent = 'who' | 'when' | 'time' | 'how' | 'amount' | 'eligibility' | 'list' | 'what';

const INTENTS: readonly { intent: Intent; pattern: RegExp }[] = [
  {
    intent: 'list',
    pattern:
      /\b(which|what|list( of)?|names? of|any|some|good|best|top)\b.{0,40}\b(ngos?|organi[sz]ations?|groups|charities|foundations|trusts|enterprises|startups|programmes|programs|initiatives)\b|\b(ngos?|organi[sz]ations?) (working|that work|who work|in|for|on)\b/,
  },
  { intent: 'who', pattern: /\b(who (founded|started|set up|established|created|began|runs|leads|heads)|founders?|founded by|started by)\b/ },
  // When something began asks for a year; when something comes or is due, for a time.
  {
    intent: 'when',
    pattern:
      /\b(which year|what year|since when|how old)\b|\bwhen\b.*\b(start|started|begin|began|founded|launched|established|set up|created)\b|\b(start|started|began|founded|launched|established)\b.*\bwhen\b/,
  },
  {
    intent: 'time',
    pattern: /^(?!.*\b(start|started|began|founded|launched|established)\b).*\b(when|how long|how many days|last date|deadline|due date|time limit|timeline)\b/,
  },
  {
    intent: 'amount',
    pattern:
      /\b(how much|how many rupees|amount|kitna|cost|fee|fees|price|salary|stipend|subsidy|grant of|interest( rate)?|rate of|rs\.?|₹|rupees|lakh|money)\b/,
  },
  {
    intent: 'eligibility',
    pattern: /\b(eligib\w*|who can|criteria|qualif\w*|can i get|am i|is my .* eligible|conditions|age limit|income limit|documents?( required| needed)?)\b/,
  },
  {
    intent: 'how',
    pattern:
      /\b(how (do|can|to|should|does|will)|how i\b|steps?|process|procedure|apply|register|registration|get made|start (a|an|my)|set up|open (a|an)|form)\b|\bhow\b/,
  },
];

/** Every intent the question shows, the one that shapes the answer first ("interest and who can open": amount, then eligibility). */
export function intentsOf(englishQuestion: string): Intent[] {
  const text = englishQuestion.toLowerCase();
  const found = INTENTS.filter(({ pattern }) => pattern.test(text)).map(({ intent }) => intent);
  return found.length > 0 ? found : ['what'];
}

export const intentOf = (englishQuestion: string): Intent => intentsOf(englishQuestion)[0] ?? 'what';

/** Sentences that give what each intent asks for. */
const CUES: Readonly<Record<Intent, RegExp | undefined>> = {
  who: /\b(founded|co-founded|founder|started|set up|established|began|launched|created)\b/i,
  when: /\b(1[89]\d\d|20\d\d)\b/,
  // "within two months", "by 31 December", "the due date".
  time: /\b(days?|weeks?|months?|years?|within|deadline|due date|last date|january|february|march|april|may|june|july|august|september|october|november|december)\b/i,
  how: /\b(apply|applies|application|register|registration|submit|form|portal|online|office|visit|step|first|then|after|documents?|fill|file|filed|approach)\b/i,
  amount:
    /(₹|\bRs\.?\s?\d|\brupees\b|\blakh\b|\bcrore\b|\bper (month|year|annum)\b|\d[\d,]*(\.\d+)? ?(%|per cent|percent)|\b(?!(1[89]|20)\d\d\b)\d[\d,]{2,}\b)/i,
  eligibility:
    /\b(eligib\w*|must|only|age(d)?|income|below|above|at least|criteria|families|households|who (are|have)|holders?|documents?|cop(y|ies)|certificate|proof|deed)\b/i,
  list: undefined,
  what: undefined,
};

/** Whether a sentence gives what any of `intents` asks for. */
export const answersIntent = (sentence: string, intents: readonly Intent[]): boolean => intents.some((intent) => CUES[intent]?.test(sentence) ?? false);
