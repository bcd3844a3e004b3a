// Questions the knowledge base answers (services/chat/knowledge/*.yaml), asked the way a visitor
// would, for the landing page and the chat alike: each of the first two lists was checked against
// the chat service's answerer, which cites the entry named beside it.

/** The landing hero's strip and the chat's sample strip: exactly ten (spec section 9). */
export const SAMPLE_QUESTIONS = [
  'How does Goonj turn old clothes into rural development?', // goonj
  'What is the Jaipur Foot and why does it suit Indian conditions?', // jaipur-foot
  'How do I get an MGNREGA job card and ask for work?', // mgnrega
  'How do I file an RTI application?', // right-to-information-how-to-file
  "How do ice stupas give Ladakh's farmers water in spring?", // ice-stupa
  'How do I register an NGO in India?', // registering-a-nonprofit-in-india
  'How does a self-help group get a loan?', // starting-a-self-help-group
  'How can an NGO receive CSR funds?', // csr-under-section-135
  'Who is the Waterman of India?', // rajendra-singh
  'How did Hiware Bazar overcome drought?', // hiware-bazar
] as const;

/** The rotating card above "Not Sure What to Ask? Start Here": other corners of the archive. */
export const STARTER_QUESTIONS = [
  'Where can poor patients get free cataract surgery?', // aravind-eye-care-system
  "Which is India's first fully organic state?", // sikkim-organic-state
  'Who is the Forest Man of India?', // jadav-payeng
  'How can a fridge work without electricity?', // mitticool
  'Can my donation to an NGO save tax under 80G?', // 80g-tax-deduction-for-donations
  'Who are the Solar Mamas of Barefoot College?', // solar-mamas-barefoot-college
] as const;

/** The chat's four suggestion blocks. */
/** Four blocks of five; each block shows one of its questions at a time. */
export const SUGGESTION_BLOCKS: readonly (readonly string[])[] = [
  [
    'Which organisations work on menstrual health in villages?',
    'How does Aravind Eye Care treat so many patients at low cost?',
    'What is Ayushman Bharat PM-JAY?',
    'How does Akshaya Patra run its school meals?',
    'Who invented a low-cost sanitary pad machine?',
  ],
  [
    'How do waste pickers in Pune run their cooperative?',
    'What is the Mitticool clay fridge?',
    'How did Sikkim become a fully organic state?',
    'What is zero budget natural farming in Andhra Pradesh?',
    'How does Hasiru Dala help waste pickers in Bengaluru?',
  ],
  [
    'How do I start a self-help group?',
    'Can my donation get a tax deduction under 80G?',
    'What is the PM Ujjwala Yojana?',
    'How does Jal Jeevan Mission bring tap water to homes?',
    'What does PM-KISAN give farmers?',
  ],
  [
    'Who is the Waterman of India?',
    'What did Verghese Kurien do for dairy farmers?',
    'Who is the Forest Man of India?',
    'How did Piplantri village celebrate the birth of girls?',
    'What does SELCO India do for solar energy?',
  ],
];
