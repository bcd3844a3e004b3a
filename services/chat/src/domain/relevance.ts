/**
 * Ranking and the relevance decision: which entries answer a question, fused from two rankings,
 * by meaning (the nearest passage's similarity) and by words (full-text search), and whether the
 * best of them is an answer at all or only shares words with the question.
 */

/** Reciprocal rank fusion's constant: a rank's weight is 1 / (K + rank). 60 is the value of Cormack et al. (2009). */
const RRF_K = 60;

export interface Ranked {
  entryId: string;
  /** Cosine similarity of the entry's passage nearest the question, or undefined when none was near. */
  similarity?: number | undefined;
  /** Cosine similarity of the entry's own sample question nearest the question: how close it is to what the entry was written to answer. */
  askedLike?: number | undefined;
  /** 1-based rank by meaning, and by words; undefined when that ranking did not find the entry. */
  byMeaning?: number | undefined;
  byWords?: number | undefined;
  /** The share of the question's telling words the entry holds (0 when the word search did not find it). */
  coverage: number;
  /** How many of the question's telling words (few entries or none hold them) the entry lacks. */
  missing?: number | undefined;
}

export const fusedScore = (entry: Pick<Ranked, 'byMeaning' | 'byWords'>): number =>
  (entry.byMeaning ? 1 / (RRF_K + entry.byMeaning) : 0) + (entry.byWords ? 1 / (RRF_K + entry.byWords) : 0);

/** How much the nearest sample question counts in closeness, beside the nearest passage. */
const ASKED_LIKE_WEIGHT = 0.3;

/**
 * How close an entry comes to a question, for the relevance decision: its nearest passage, and
 * its nearest sample question weighed in. A body passage may share a question's words in passing;
 * the questions an entry was written to answer say what it is about. On the dev half, the older
 * set and the dev half with its answers taken out (eval:calibrate), this kept more right answers
 * and fewer wrong ones than the nearest passage alone at the thresholds tried.
 */
export function closeness(entry: Pick<Ranked, 'similarity' | 'askedLike'>): number {
  const similarity = entry.similarity ?? 0;
  return entry.askedLike === undefined ? similarity : (1 - ASKED_LIKE_WEIGHT) * similarity + ASKED_LIKE_WEIGHT * entry.askedLike;
}

/**
 * An entry answers a question when it is close (closeness) and lacks at most `missing` of the
 * question's telling words, or when it is so close that the words are said another way.
 * Calibrated on the persona set's dev half (`npm run eval:calibrate`).
 */
export interface Thresholds {
  readonly closeness: number;
  readonly closenessAlone: number;
  readonly missing: number;
}

export const RELEVANCE: Thresholds = { closeness: 0.74, closenessAlone: 0.84, missing: 0 };

export function isAnswer(entry: Pick<Ranked, 'similarity' | 'askedLike' | 'missing'>, thresholds: Thresholds = RELEVANCE): boolean {
  const close = closeness(entry);
  return close >= thresholds.closenessAlone || (close >= thresholds.closeness && (entry.missing ?? Infinity) <= thresholds.missing);
}

/**
 * How close an entry that does not answer must come for the questions it answers to be offered
 * after an abstention: near enough that the archive may hold what was asked, in other words.
 * Chosen on the persona set's dev half (eval:answers): at 0.68, 135 of the 205 covered questions
 * abstained on were offered a question whose answer is right for them, and 10 of 87 off-topic
 * questions were offered any (0.70: 5 off-topic, about 8 covered fewer).
 */
export const RELATED_CLOSENESS = 0.68;

/** How much closer an entry about some states must come than an entry for all India that answers a question naming no place. */
export const ALL_INDIA_MARGIN = 0.02;

/**
 * A question that names no place asks about India as a whole ("how to apply for widow pension"):
 * where an entry for all India answers it, an entry about some states answers it too only when it
 * comes clearly closer (a story asked for by name does; Punjab's pensions beside the national
 * scheme do not). `answers` are ordered by answerScore.
 */
export function forWholeIndia<T extends Pick<Ranked, 'similarity' | 'coverage'> & { entry: { states: readonly string[] } }>(
  askedStates: readonly string[],
  answers: readonly T[],
): T[] {
  const national = answers.find((answer) => answer.entry.states.includes('All India'));
  if (askedStates.length > 0 || !national) return [...answers];
  const bar = answerScore(national) + ALL_INDIA_MARGIN;
  return answers.filter((answer) => answer.entry.states.includes('All India') || answerScore(answer) >= bar);
}

/** Kinds of entry that name the organisations doing something: what a question asking for organisations wants. */
const ORGANISATION_KINDS: readonly string[] = ['organisation', 'changemaker', 'solution', 'story'];
const ASKS_FOR_ORGANISATIONS = /\b(ngos?|organi[sz]ations?|charities|sansthas?|groups)\b/;

/** A question asking for organisations ("NGOs working on menstrual health in Maharashtra") is not answered by a scheme or a guide. */
export const kindFits = (englishQuestion: string, intents: readonly string[], kind: string): boolean =>
  !(intents[0] === 'list' && ASKS_FOR_ORGANISATIONS.test(englishQuestion.toLowerCase())) || ORGANISATION_KINDS.includes(kind);

/** Kinds of entry that hold for the places they name only: a state's scheme is not India's. */
const PLACE_BOUND_KINDS: readonly string[] = ['scheme'];

/**
 * A question that names no place asks about India as a whole: a state's own scheme answers it
 * only when the question asks for that scheme (so close in meaning that it stands alone), not for
 * being the nearest ("how to apply for disability pension" is not asking for Maharashtra's).
 */
export function stateSchemeFits(
  askedStates: readonly string[],
  entry: { kind: string; states: readonly string[] },
  close: Pick<Ranked, 'similarity' | 'askedLike'>,
  thresholds: Thresholds = RELEVANCE,
): boolean {
  return (
    askedStates.length > 0 || entry.states.includes('All India') || !PLACE_BOUND_KINDS.includes(entry.kind) || closeness(close) >= thresholds.closenessAlone
  );
}

/** An entry about other places than the ones a question names does not answer it (a Delhi question, a Chandigarh entry). */
export function placeFits(askedStates: readonly string[], entryStates: readonly string[]): boolean {
  return askedStates.length === 0 || entryStates.includes('All India') || entryStates.some((state) => askedStates.includes(state));
}

/** Whether an entry's places let it answer a question naming `askedStates`: placeFits, then stateSchemeFits. */
export const fitsPlaces = (
  askedStates: readonly string[],
  candidate: Pick<Ranked, 'similarity' | 'askedLike'> & { entry: { kind: string; states: readonly string[] } },
): boolean => placeFits(askedStates, candidate.entry.states) && stateSchemeFits(askedStates, candidate.entry, candidate);

/**
 * Words that frame a question rather than name its subject ("best", "founder", "near", "details"):
 * an entry need not hold them to answer. English words of asking, judging and relating, not of any
 * topic; places are left out too, as placeFits weighs them.
 */
export const FRAMING_WORDS: readonly string[] = [
  'good',
  'best',
  'better',
  'great',
  'top',
  'famous',
  'known',
  'popular',
  'successful',
  'success',
  'model',
  'way',
  'ways',
  'like',
  'similar',
  'much',
  'many',
  'more',
  'most',
  'less',
  'done',
  'do',
  'does',
  'did',
  'make',
  'made',
  'near',
  'nearby',
  'still',
  'without',
  'with',
  'old',
  'new',
  'latest',
  'recent',
  'recently',
  'current',
  'currently',
  'today',
  'now',
  'ask',
  'asked',
  'got',
  'get',
  'getting',
  'give',
  'given',
  'details',
  'detail',
  'information',
  'info',
  'example',
  'examples',
  'list',
  'type',
  'types',
  'kind',
  'kinds',
  'need',
  'needs',
  'want',
  'help',
  'please',
  'tell',
  'know',
  'explain',
  'explained',
  'work',
  'works',
  'working',
  'worked',
  'start',
  'started',
  'starting',
  'founder',
  'founders',
  'founded',
  'achieve',
  'achieved',
  'achievement',
  'idea',
  'ideas',
  'thing',
  'things',
  'someone',
  'somebody',
  'people',
  'person',
  'organisation',
  'organisations',
  'organization',
  'organizations',
  'ngo',
  'ngos',
  'india',
  'indian',
  'online',
  'money',
  'simple',
  'simplest',
  'easy',
  'easiest',
  'quick',
  'quickly',
  'step',
  'steps',
  'process',
  'procedure',
  'difference',
  'between',
  'compare',
  'which',
  'about',
  'regarding',
  'related',
  'also',
  'really',
  'actually',
  'exactly',
  'possible',
  'able',
  'allowed',
  'rules',
  'rule',
  'guide',
  'tips',
  'advice',
  'suggest',
  'suggestion',
  'recommend',
  'option',
  'options',
  'available',
  'one',
  'two',
  'first',
  'year',
  'years',
  'time',
  'times',
  'day',
  'days',
  // Asking for an account of a person or a work ("her story in short", "his contribution"), which the entry is.
  'story',
  'stories',
  'short',
  'brief',
  'summary',
  'contribution',
  'contributions',
];

/** How much holding the question's words adds to closeness in meaning when entries are ordered. */
const COVERAGE_WEIGHT = 0.05;

/** The order of the entries weighed in full: closeness in meaning, then the words held. */
export const answerScore = (entry: Pick<Ranked, 'similarity' | 'coverage'>): number => (entry.similarity ?? 0) + COVERAGE_WEIGHT * entry.coverage;
