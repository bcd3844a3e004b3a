import { Type, type Static } from 'typebox';

/** The controlled list of places an entry can be about: India's states and union territories, or all of India. */
export const PLACES = [
  'All India',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chhattisgarh',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const;

/** The controlled list of causes. */
export const CAUSES = [
  'agriculture',
  'children',
  'climate',
  'digital-inclusion',
  'disability',
  'disaster-relief',
  'education',
  'elderly',
  'energy',
  'environment',
  'financial-inclusion',
  'governance-and-rights',
  'health',
  'housing',
  'livelihoods',
  'menstrual-health',
  'nutrition',
  'rural-development',
  'sanitation',
  'tribal-communities',
  'urban-poverty',
  'waste-management',
  'water',
  'women-and-gender',
] as const;

export const KINDS = ['organisation', 'solution', 'story', 'guide', 'changemaker', 'scheme'] as const;

const Text = (minLength: number, maxLength: number) => Type.String({ minLength, maxLength, pattern: '\\S' });

/** One entry of the knowledge base: a file in services/chat/knowledge/, reviewed like code. */
export const KnowledgeEntry = Type.Object(
  {
    /** Lower-case words joined by hyphens; the file is `<id>.yaml`. */
    id: Type.String({ pattern: '^[a-z0-9]+(-[a-z0-9]+)*$', maxLength: 80 }),
    kind: Type.Enum(KINDS),
    title: Text(2, 120),
    /** One or two sentences: what it is and why it matters. */
    summary: Text(40, 500),
    /** Plain sentences, each true on its own: answers quote them. */
    body: Text(200, 6000),
    states: Type.Array(Type.Enum(PLACES), { minItems: 1, uniqueItems: true }),
    causes: Type.Array(Type.Enum(CAUSES), { minItems: 1, uniqueItems: true }),
    /** Questions a person might ask that this entry answers. */
    questions: Type.Array(Text(10, 200), { minItems: 2 }),
    /** Where every fact in the entry can be checked. */
    sources: Type.Array(
      Type.Object({ title: Text(2, 200), url: Type.String({ pattern: '^https://[^\\s]+$', maxLength: 500 }) }, { additionalProperties: false }),
      { minItems: 1 },
    ),
    /** The date the facts were checked (YYYY-MM-DD). */
    as_of: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    /** When the facts are due to be checked again (YYYY-MM-DD): within a year of as_of for schemes and guides, three for the other kinds (knowledge-review.ts). */
    review_by: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  },
  { additionalProperties: false },
);

export type KnowledgeEntry = Static<typeof KnowledgeEntry>;
