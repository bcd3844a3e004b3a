// Questions the knowledge base answers (services/chat/knowledge/*.yaml), asked the way a visitor
// would: each was checked against the chat service's answerer, which cites the entry named beside it.

/** The hero's strip: exactly ten (spec section 9). */
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
