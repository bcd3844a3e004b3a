/**
 * Kinds of question Better+ does not answer, whatever words they share with the archive: a word
 * such as "water" or "solar" matches an entry, but a question about buying a purifier, a country
 * abroad, code, or one person's medical or legal case is not about social impact in India. The
 * answerers abstain on these before searching (spec: abstain rather than invent).
 */
const OUT_OF_SCOPE: readonly { kind: string; pattern: RegExp }[] = [
  { kind: 'small talk', pattern: /\b(tell me a joke|sing (a|me)|are you (chatgpt|a bot|human|real))\b/ },
  {
    kind: 'another country',
    pattern:
      /\b(united states|u\.s\.a?|usa|uk|u\.k\.|canada|australia|germany|japan|china|brazil|brazilian|france|england|britain|british|london|new york|nhs|dubai)\b/,
  },
  {
    kind: 'code',
    pattern:
      /\b(python|javascript|typescript|java|sql|css|html|react|node\.?js|list comprehension|linked list|debounce|div|regex|github|compile|syntax error|stack trace)\b|\bwrite (a|me a|the)? ?(program|function|script|query|code)\b/,
  },
  { kind: 'writing for someone', pattern: /\b(essay|homework|assignment|cover letter|resume|cv|poem)\b|\b(write|draft)\b[^.?!]{0,30}\b(story|speech)\b/ },
  {
    kind: 'shopping, prices and investing',
    pattern:
      /\b(share price|stock price|price (today|per kg)|bitcoin|crypto|mutual funds?|which (brand|phone|smartphone)|best (smartphone|phone|brand|laptop)|cheapest|under \d+ rupees|brand to buy|best [a-z ]*brand)\b/,
  },
  {
    kind: 'news, sport, weather and entertainment',
    pattern:
      /\b(weather|ipl|world cup|football|cricket score|live score|match yesterday|who won the .*(match|cup|league|election)|election results?|who will win|movie to watch|watch tonight|plot of the (movie|film)|recipes?)\b/,
  },
  { kind: 'travel', pattern: /\b(tatkal|train tickets?|flight tickets?|tourist visa|visa for|bike trip|best time to visit)\b/ },
  {
    kind: "one person's medical case",
    pattern:
      /\b(lose \d+ ?kgs?|weight loss|diet plan|dose|dosage|insulin|paracetamol|ibuprofen|antibiotic|which medicine|fever since|chest pain|sugar level|blood pressure is)\b/,
  },
  {
    kind: "one person's legal case",
    pattern: /\b(bail|sue|civil suit|labour court|landlord|security deposit|traffic challan|file an? (fir|case) against|divorce|property dispute)\b/,
  },
  {
    kind: 'general knowledge',
    pattern: /\b(capital of|population of|square root|boiling point|who invented|how far is|distance between|quantum|world war|reset my .*password)\b/,
  },
];

/** Greetings, thanks and questions about the assistant itself: a message of these only is small talk, one that goes on to ask something is not. */
const PLEASANTRIES =
  /\b(hi+|hello|hey|namaste|namaskar|(thank you|thanks)( so much| a lot)?|thank|ok|okay|good (morning|afternoon|evening|night)|how are you( doing)?|kya haal( hai)?|who are you|what('?s| is) your name|there|dear|sir|madam|team|bhai|ji|bye)\b/g;

/** The kind of out-of-scope question `question` is, or undefined when it may be in scope. */
export function outOfScopeKind(question: string): string | undefined {
  const text = question.toLowerCase().replace(/\s+/g, ' ').trim();
  if (text.replace(PLEASANTRIES, '').replace(/[^\p{L}\p{N}]/gu, '') === '') return 'small talk';
  return OUT_OF_SCOPE.find(({ pattern }) => pattern.test(text))?.kind;
}
