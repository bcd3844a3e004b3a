// Questions the knowledge base answers, for the chat's four suggestion blocks (its sample strip
// shows the landing page's ten).

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
