// The pure rules of retrieval: passages, Hindi made English, names by sound, intents, relevance.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compose, subjectWords } from '../../src/domain/compose.ts';
import { HINDI_TO_ENGLISH, HINGLISH_TO_ENGLISH } from '../../src/domain/glossary.ts';
import { answersIntent, intentOf, intentsOf } from '../../src/domain/intent.ts';
import { archiveSpelling, archiveSpellings, soundOf } from '../../src/domain/names.ts';
import { groupSentences, passagesOf, sentencesOf } from '../../src/domain/passages.ts';
import { inEnglish, languageOf, romanised } from '../../src/domain/query-language.ts';
import {
  ALL_INDIA_MARGIN,
  closeness,
  forWholeIndia,
  fusedScore,
  isAnswer,
  kindFits,
  placeFits,
  RELEVANCE,
  stateSchemeFits,
} from '../../src/domain/relevance.ts';

describe('passages', () => {
  it('splits sentences but not at initials or abbreviations', () => {
    assert.deepEqual(sentencesOf('Dr. G. Venkataswamy founded Aravind in 1976. It grew. Rs. 500 is paid.'), [
      'Dr. G. Venkataswamy founded Aravind in 1976.',
      'It grew.',
      'Rs. 500 is paid.',
    ]);
  });

  it('groups whole sentences of about sixty words, and a long sentence alone', () => {
    const short = 'One two three four five six seven eight nine ten.';
    const long = `${Array.from({ length: 70 }, () => 'word').join(' ')}.`;
    assert.deepEqual(
      groupSentences([short, short, short, short, short, short, short, long, short]).map((g) => g.length),
      [6, 1, 1, 1],
    );
  });

  it('gives the head, each question, then the body passages carrying the title', () => {
    const passages = passagesOf({
      id: 'x',
      title: 'Goonj',
      summary: 'Goonj turns cloth into a resource.',
      body: 'It was founded in 1999. It works in 23 states.',
      questions: ['Who founded Goonj?', 'What is Cloth for Work?'],
    });
    assert.deepEqual(
      passages.map((p) => [p.n, p.part]),
      [
        [0, 'head'],
        [1, 'question'],
        [2, 'question'],
        [3, 'body'],
      ],
    );
    assert.equal(passages[3]?.text, 'Goonj: It was founded in 1999. It works in 23 states.');
  });
});

describe('questions in Hindi', () => {
  it('tells English, Hinglish and Devanagari apart', () => {
    assert.equal(languageOf('How do I register an NGO?'), 'en');
    assert.equal(languageOf('ngo ka registration kaise kare'), 'hinglish');
    assert.equal(languageOf('एनजीओ का पंजीकरण कैसे करें?'), 'hi');
  });

  it("puts the domain's Hindi terms in English, whole words only, and drops function words", () => {
    assert.equal(inEnglish('मनरेगा में जॉब कार्ड कैसे बनवाएं?'), 'MGNREGA job card how get made');
    assert.equal(inEnglish('viklang pension ke liye kaise apply kare'), 'disability pension how apply');
    assert.equal(
      inEnglish('up me beti ki shaadi ke liye sarkari madad'),
      'UP daughter marriage government help',
      'a state typed in small letters before a postposition',
    );
  });

  it('reads a romanised name as the title word that sounds the same', () => {
    assert.equal(soundOf('Goonj'), soundOf('gunj'));
    assert.equal(soundOf('Foundation'), soundOf('phaundeshan'));
    assert.notEqual(soundOf('Pratham'), soundOf('Prayas'));
    assert.equal(
      inEnglish(
        'गूंज संस्था क्या करती है?',
        archiveSpellings([
          { title: 'Goonj', text: 'Goonj runs Cloth for Work with a startup grant.' },
          { title: 'Smile Foundation', text: '' },
        ]),
      ),
      'goonj organisation what does',
    );
  });

  it('reads an English word as Hindi writes it by its sound: c as k or s, a w after a vowel silent, a u said yu', () => {
    assert.equal(soundOf('incubator'), soundOf('inakyubetar'));
    assert.equal(soundOf('fellowship'), soundOf('phaeloship'));
    assert.equal(soundOf('university'), soundOf('yunivarsiti'));
    assert.equal(soundOf('Chetna'), soundOf('chetana'), 'ch stays one sound');
    assert.notEqual(soundOf('Chetna'), soundOf('setna'));
    const spellings = archiveSpellings([{ title: 'Social Impact Fellowships', text: 'A fellowship for a year.' }]);
    assert.equal(inEnglish('फ़ेलोशिप कैसे मिलेगी', spellings), 'fellowship how get');
  });

  it('reads an acronym typed in Devanagari from its letters, three of them or more', () => {
    assert.equal(inEnglish('पीएमईजीपी में सब्सिडी'), 'PMEGP subsidy');
    assert.equal(inEnglish('एनएफएचएस के आंकड़े'), 'NFHS data');
    assert.equal(inEnglish('एसी वाला कमरा'), 'esi room', 'two letters may be a word: romanised, not read as AC');
    assert.equal(inEnglish('बीएससी के बाद'), 'BSC after');
  });

  it('keeps a long final vowel and reads the candra o as o', () => {
    assert.equal(romanised('मेधा'), 'medha');
    assert.equal(romanised('गूंज'), 'gunj');
    assert.equal(romanised('रॉय'), 'roy');
  });

  it('takes a word of the same sound for a name only when its letters are nearly the same too', () => {
    const spellings = archiveSpellings([
      { title: 'Patna Smile Gram Vikas', text: 'A boycott of the Karuna trust. A form from the office.' },
      { title: 'Medha Patkar', text: '' },
    ]);
    assert.equal(archiveSpelling(spellings, 'patana'), 'patna');
    assert.equal(archiveSpelling(spellings, 'smail'), 'smile');
    assert.equal(archiveSpelling(spellings, 'patakar'), 'patkar');
    assert.equal(archiveSpelling(spellings, 'phorm'), 'form', 'the closer of two words of one sound, not the more used');
    assert.equal(archiveSpelling(spellings, 'garmi'), undefined, 'गर्मी (summer) is not gram');
    assert.equal(archiveSpelling(spellings, 'bachat'), undefined, 'बचत (savings) is not boycott');
  });

  it("puts people's everyday words in English rather than reading them as names", () => {
    const spellings = archiveSpellings([{ title: 'Karuna Trust', text: 'A boycott in Kumaon.' }]);
    assert.equal(inEnglish('समूह की बचत का हिसाब कैसे रखें', spellings), 'group savings accounts how');
    assert.equal(inEnglish('आंगनवाड़ी व्यवस्था की कमियां और सुधार के उदाहरण', spellings), 'anganwadi system shortcomings reform examples');
    assert.equal(inEnglish('गाँव जाकर काम करना चाहता हूँ, कैसे शुरू करूं', spellings), 'village work how start');
    assert.equal(inEnglish('विधवा पेंशन के लिए आय प्रमाण पत्र कहाँ बनवाना होगा'), 'widow pension income certificate where get made');
    assert.equal(inEnglish('पीएम किसान की किस्त नहीं आई, खतौनी में नाम कैसे सुधरवाएं'), 'PM-KISAN instalment not received khatauni land record names how correction');
    assert.equal(inEnglish('budhape ki pension khate me nahi aayi, kese check kare'), 'old age pension account how check');
    assert.equal(inEnglish('bakri palan ke liye karj aur sabsidi kaha milegi'), 'goat rearing loan subsidy get');
  });

  it('puts everyday Hindi in English too: doing and buying, cost and time, places, asking', () => {
    assert.equal(
      inEnglish('अगले महीने गाँव में रक्तदान शिविर लगाना है, खर्च कितना आएगा और किससे संपर्क करें'),
      'next months village blood donation camp set up cost how much who contact',
    );
    assert.equal(inEnglish('बच्चों के लिए किताबें खरीदनी हैं, सस्ती दुकान कहाँ खुली मिलेगी'), 'children books buy cheap shop where open get');
    assert.equal(inEnglish('पिछले साल की बाढ़ में घर टूट गया, नया बनाने के लिए पैसे कहाँ से मिलेंगे'), 'last years flood house home broken new make money where get');
  });

  it('takes a Latin question for Hinglish by any Hindi function word, not by a scheme named in Hindi or a word English shares', () => {
    assert.equal(languageOf('pad man wale unki kahani short me batao'), 'hinglish');
    assert.equal(inEnglish('pad man wale unki kahani short me batao'), 'pad man story short');
    assert.equal(languageOf('bachon ke liye kitabein kharidni hai, sasti dukan kahan khuli milegi'), 'hinglish');
    assert.equal(languageOf('pm kisan status'), 'en', 'translated it would lose "kisan"');
    assert.equal(languageOf('mahila e haat'), 'en');
    assert.equal(languageOf('mansukh bhai prajapati education and early life'), 'en');
    assert.equal(languageOf('is the main band of volunteers on the tab at the mile mark'), 'en');
  });

  it("keeps the glossary's English as it is: a name in it is not read again as Hinglish", () => {
    assert.equal(inEnglish('बेटी बचाओ बेटी पढ़ाओ योजना क्या है'), 'Beti Bachao Beti Padhao scheme what');
    assert.equal(inEnglish('किसान क्रेडिट कार्ड कैसे बनवाएं'), 'Kisan Credit Card KCC how get made');
  });

  it('reads a phrase as a whole in either script: a name the archive holds, a correction, an exchange', () => {
    assert.equal(inEnglish('paani foundation ne maharashtra me kya kaam kiya'), 'Paani Foundation maharashtra work');
    assert.equal(inEnglish('पानी फाउंडेशन ने महाराष्ट्र में क्या काम किया'), 'Paani Foundation Maharashtra what work');
    assert.equal(inEnglish('barish ka paani jama karne ka tarika batao'), 'rain water deposit way', 'water, when no name follows');
    assert.equal(inEnglish('aadhar card me naam me sudhar kaise kare'), 'Aadhaar card name correction how');
    assert.equal(inEnglish('आधार कार्ड में नाम में सुधार कैसे करें'), 'Aadhaar card names correction how');
    assert.equal(inEnglish('गूंज कपड़ों के बदले क्या देती है'), 'gunj clothes in exchange for what provides');
  });

  it('puts the words of impact, rights and daily trouble in English, with the names the archive holds kept', () => {
    assert.equal(inEnglish('सीएसआर परियोजना का असर कैसे नापें?'), 'CSR project impact how measure');
    assert.equal(inEnglish('प्रथम संस्था की असर रिपोर्ट क्या कहती है?'), 'pratham organisation ASER report what');
    assert.equal(inEnglish('पंचायत में मनरेगा का काम कैसे मांगें?'), 'panchayat MGNREGA work how demand');
    assert.equal(inEnglish('अक्षय पात्र खाना कैसे पहुंचाते हैं?'), 'Akshaya Patra food how deliver');
    assert.equal(inEnglish('pm kisan ki kist nahi aayi kya kare'), 'PM-KISAN instalment');
    assert.equal(inEnglish('gaon ki sadak tuti hai, panchayat paisa nahi de rahi'), 'village road broken panchayat money');
    assert.equal(inEnglish('meri beti dekh nahi sakti, uski padhai ke liye kaunsa school hai'), 'daughter blind visually impaired education school');
    assert.equal(inEnglish('पति शराब पीकर मारता है, मदद कहाँ मिलेगी?'), 'husband alcohol drunk violence help where get', 'मारता is not Marathi');
    assert.equal(inEnglish('gaon me bijli nahi rehti solar light kaun lagata hai'), 'village electricity solar light who set up');
  });

  it('holds Devanagari as typed and composed (NFC), and English for every Hinglish word', () => {
    assert.deepEqual(
      HINDI_TO_ENGLISH.filter(([hindi]) => hindi !== hindi.normalize('NFC')),
      [],
      'a key not in NFC never matches the normalised question',
    );
    assert.deepEqual(
      [...HINGLISH_TO_ENGLISH].filter(([latin, english]) => !/^[a-z0-9]+$/.test(latin) || !english),
      [],
      'words to drop belong in HINDI_FUNCTION_WORDS',
    );
  });
});

describe('intents', () => {
  it('reads what a question asks for', () => {
    assert.equal(intentOf('Who founded Smile Foundation?'), 'who');
    assert.equal(intentOf('which NGOs work on menstrual hygiene in Bihar?'), 'list');
    assert.equal(intentOf('how much pension do widows get'), 'amount');
    assert.equal(intentOf('How do I start a self-help group?'), 'how');
    assert.equal(intentOf('what does Goonj do'), 'what');
  });

  it('asks for a year when something began, and for a time when something comes or is due', () => {
    assert.deepEqual(intentsOf('when was the mid-day meal scheme started'), ['when']);
    assert.deepEqual(intentsOf('crop insurance money when get'), ['time', 'amount']);
    assert.deepEqual(intentsOf('last date for pmfby enrolment'), ['time']);
    const due = 'Claims must be paid within two months of the harvest data.';
    assert.equal(answersIntent(due, ['time']), true);
    assert.equal(answersIntent(due, ['when']), false);
    assert.equal(answersIntent('The scheme began on 15 August 1995.', ['when']), true);
  });
});

describe('relevance', () => {
  it('fuses two rankings by reciprocal rank', () => {
    assert.ok(fusedScore({ byMeaning: 1, byWords: 1 }) > fusedScore({ byMeaning: 1 }));
    assert.equal(fusedScore({ byMeaning: 3, byWords: 1 }), fusedScore({ byMeaning: 1, byWords: 3 }));
  });

  it('takes an entry close in meaning that lacks few of the telling words, or one very close alone; not one that lacks what was asked', () => {
    const { closeness: similarity, closenessAlone: similarityAlone, missing } = RELEVANCE;
    assert.equal(isAnswer({ similarity, missing }), true);
    assert.equal(isAnswer({ similarity: similarityAlone, missing: 9 }), true);
    assert.equal(isAnswer({ similarity: similarity - 0.01, missing: 0 }), false);
    assert.equal(isAnswer({ similarity, missing: missing + 1 }), false);
  });

  it('weighs in how close the question comes to what the entry was written to answer', () => {
    const { closeness: close } = RELEVANCE;
    assert.equal(closeness({ similarity: 0.8 }), 0.8, 'an entry without sample questions is as close as its nearest passage');
    assert.ok(closeness({ similarity: 0.8, askedLike: 0.9 }) > 0.8);
    assert.equal(
      isAnswer({ similarity: close + 0.02, askedLike: close - 0.1, missing: 0 }),
      false,
      'a passage near in passing, of an entry about something else',
    );
    assert.equal(isAnswer({ similarity: close - 0.01, askedLike: close + 0.05, missing: 0 }), true);
  });

  it('refuses an entry about other places than the question names', () => {
    assert.equal(placeFits(['Delhi'], ['Chandigarh']), false);
    assert.equal(placeFits(['Delhi'], ['All India']), true);
    assert.equal(placeFits([], ['Bihar']), true);
  });

  it("answers a question that names no place from a state's own scheme only when it asks for that scheme", () => {
    const near = { similarity: RELEVANCE.closeness };
    const alone = { similarity: RELEVANCE.closenessAlone };
    const maharashtraPension = { kind: 'scheme', states: ['Maharashtra'] };
    assert.equal(stateSchemeFits([], maharashtraPension, near), false, 'disability pension, asked for all India');
    assert.equal(stateSchemeFits([], maharashtraPension, alone), true, 'the scheme asked for by name');
    assert.equal(stateSchemeFits(['Maharashtra'], maharashtraPension, near), true);
    assert.equal(stateSchemeFits([], { kind: 'scheme', states: ['All India'] }, near), true);
    assert.equal(stateSchemeFits([], { kind: 'organisation', states: ['Bihar'] }, near), true, 'an organisation works somewhere');
  });

  it('answers a question that names no place from the entry for all India, and from one about some states only when it is clearly closer', () => {
    const answer = (id: string, similarity: number, states: string[]) => ({ id, similarity, coverage: 1, entry: { states } });
    const punjab = answer('punjab-pensions', 0.78, ['Punjab']);
    const national = answer('national-pensions', 0.77, ['All India']);
    const story = answer('a-named-story', 0.77 + ALL_INDIA_MARGIN + 0.01, ['Maharashtra']);
    assert.deepEqual(
      forWholeIndia([], [punjab, national]).map((a) => a.id),
      ['national-pensions'],
    );
    assert.deepEqual(
      forWholeIndia([], [story, punjab, national]).map((a) => a.id),
      ['a-named-story', 'national-pensions'],
    );
    assert.deepEqual(
      forWholeIndia(['Punjab'], [punjab, national]).map((a) => a.id),
      ['punjab-pensions', 'national-pensions'],
    );
    assert.deepEqual(
      forWholeIndia([], [punjab]).map((a) => a.id),
      ['punjab-pensions'],
    );
  });

  it('answers a question asking for organisations from entries that name them, not from a scheme or a guide', () => {
    const question = 'organisations working on menstrual health in schools';
    assert.equal(kindFits(question, ['list'], 'scheme'), false);
    assert.equal(kindFits(question, ['list'], 'guide'), false);
    assert.equal(kindFits(question, ['list'], 'organisation'), true);
    assert.equal(kindFits('which schemes help girls stay in school', ['list'], 'scheme'), true);
    assert.equal(kindFits('how to register an ngo', ['how'], 'guide'), true);
  });
});

describe('composition', () => {
  const entry = (id: string, title: string, body: string, similarity: number) => ({
    entry: { id, kind: 'organisation', title },
    similarity,
    passages: [
      { n: 0, part: 'head' as const, text: `${title}. ${title} is an organisation.`, similarity: similarity - 0.1 },
      { n: 1, part: 'body' as const, text: `${title}: ${body}`, similarity },
    ],
  });

  it('answers a who question with the founding sentence, a Hindi question with a Hindi sentence first', () => {
    const composed = compose(
      [entry('smile', 'Smile Foundation', 'It runs schools. Santanu Mishra founded it in 2002. It works in 25 states.', 0.8)],
      { intents: ['who'], words: [] },
      'hi',
    );
    assert.ok(composed);
    assert.match(composed.response, /^हमारा संग्रह अंग्रेज़ी में है/);
    assert.match(composed.response, /Santanu Mishra founded it in 2002\./);
    assert.deepEqual(composed.cited, ['smile']);
  });

  it('lists each matching organisation for a list question, each cited', () => {
    const composed = compose(
      [entry('a', 'Alpha Trust', 'It makes pads in Bihar.', 0.8), entry('b', 'Beta Sangh', 'It teaches hygiene in Bihar.', 0.78)],
      { intents: ['list'], words: [] },
      'en',
    );
    assert.ok(composed);
    assert.deepEqual(composed.cited, ['a', 'b']);
    assert.match(composed.response, /Alpha Trust: [^\n]+\n\nBeta Sangh: /);
  });

  it('quotes the sentence that holds what was asked when a passage has more than fit', () => {
    const body =
      'It is a savings account. It is for girls. It opens at post offices. It needs a birth certificate. The account reaches maturity when the girl turns 21.';
    const asked = 'sukanya samriddhi maturity';
    const composed = compose([entry('ssy', 'Sukanya Samriddhi Yojana', body, 0.8)], { intents: intentsOf(asked), words: subjectWords(asked) }, 'en');
    assert.match(composed?.response ?? '', /reaches maturity/);
    assert.equal(intentOf('sukanya samriddhi interest rate'), 'amount');
  });

  it('gives a question asking two things a sentence for each, and does not read a year as an amount', () => {
    const body =
      'It began in 2015. It is run by the finance ministry. It is popular in villages. It opens at post offices. Only a girl under 10 can join. It pays 8.2 percent a year.';
    const composed = compose([entry('ssy', 'Sukanya Samriddhi Yojana', body, 0.8)], { intents: ['amount', 'eligibility'], words: [] }, 'en');
    assert.match(composed?.response ?? '', /8\.2 percent/);
    assert.match(composed?.response ?? '', /Only a girl under 10/);
    assert.equal(answersIntent('It began in 2015.', ['amount']), false);
    assert.equal(answersIntent('It had 4,000 members.', ['amount']), true);
    assert.deepEqual(subjectWords('What are the schemes for the girls of Bihar?'), ['scheme', 'girl', 'bihar']);
  });

  it('composes nothing from no answering entry', () => {
    assert.equal(compose([], { intents: ['what'], words: [] }, 'en'), undefined);
  });
});
