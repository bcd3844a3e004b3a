// Questions the knowledge base answers: the sample strip and the four suggestion blocks.

export const SAMPLE_QUESTIONS = [
  'How does Goonj turn old clothes into rural development?',
  'Who makes the Jaipur Foot and what does it cost?',
  'How do I file an RTI application?',
  'What are ice stupas in Ladakh?',
  'How did Hiware Bazar solve its water crisis?',
  'What does MGNREGA guarantee rural households?',
  'How can a company spend its CSR funds?',
  'Who are the solar mamas of Barefoot College?',
  'How does Kudumbashree support women in Kerala?',
  'How do I register a nonprofit in India?',
] as const;

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
