// The answers of the admin calls, declared once: the routes validate and document them (the web's
// client is generated from that document), and the read-model queries in db/ return these types.
import { Type, type Static } from '@betterplus/kit';

const Text = Type.Union([Type.String(), Type.Null()]);
const Figure = Type.Union([Type.Number(), Type.Null()]);

export const AdminStats = Type.Object({
  totalUsers: Type.Integer(),
  monthlyRevenue: Type.Number({ description: 'Paise paid in the last 30 days' }),
  monthlyQueries: Type.Integer({ description: 'Queries taken in the last 30 days' }),
  subscriptionsByPlan: Type.Array(Type.Object({ plan: Type.String(), count: Type.Integer() })),
  revenueTrend: Type.Array(Type.Object({ month: Type.String({ description: 'YYYY-MM' }), revenue: Type.Number({ description: 'Paise' }) })),
  subscriptionTrend: Type.Array(Type.Object({ month: Type.String({ description: 'YYYY-MM' }), count: Type.Integer() })),
  knowledgeEntries: Type.Union([Type.Integer(), Type.Null()], {
    description: "The knowledge base's entries, as chat last told its archive; null until it has",
  }),
  knowledgeDueForReview: Type.Union([Type.Integer(), Type.Null()], {
    description: 'Knowledge entries whose review date is today in India or earlier; null until chat has told its archive',
  }),
});
export type AdminStats = Static<typeof AdminStats>;

/** A user and their subscription (spec: Admin user row): a row of the users table and of its CSV export. */
export const AdminUserRow = Type.Object({
  user_name: Type.String(),
  user_email: Type.String(),
  subscription_plan: Text,
  queries_limit: Figure,
  queries_used: Figure,
  start_date: Type.Union([Type.String(), Type.Null()], { description: 'ISO timestamp' }),
  end_date: Type.Union([Type.String(), Type.Null()], { description: 'ISO timestamp' }),
  razorpay_subscription_id: Text,
  razorpay_status: Text,
  amount: Type.Union([Type.Number(), Type.Null()], { description: 'Paise; null for Basic' }),
});
export type AdminUserRow = Static<typeof AdminUserRow>;

export const UsersPage = Type.Object({
  users: Type.Array(AdminUserRow),
  total: Type.Integer({ description: 'How many users match the search, over all pages' }),
  page: Type.Integer(),
  pageSize: Type.Integer(),
});

const day = { description: 'YYYYMMDD' };

/** The website's figures of a range of India days. */
export const AnalyticsFigures = Type.Object({
  pageViews: Type.Integer(),
  activeUsers: Type.Integer({ description: 'Distinct visitors (a visitor is recognised within one India day)' }),
  averageSessionDuration: Type.Integer({ description: 'Seconds' }),
  conversionRate: Type.Number({ description: 'Percent of sessions with a signup or a subscription' }),
  userEngagement: Type.Array(Type.Object({ date: Type.String(day), sessions: Type.Integer() })),
  topPages: Type.Array(Type.Object({ path: Type.String(), pageViews: Type.Integer() })),
  events: Type.Array(
    Type.Object({
      date: Type.String(day),
      events: Type.Array(Type.Object({ name: Type.String(), parameters: Type.String({ description: 'JSON text' }), count: Type.Integer() })),
    }),
  ),
});
export type AnalyticsFigures = Static<typeof AnalyticsFigures>;

const Counted = Type.Object({ question: Type.String(), count: Type.Integer() });

/** The questions asked in a range: the most asked, and those the assistant abstained on (where the knowledge base has gaps). */
export const QuestionsAsked = Type.Object({ topQuestions: Type.Array(Counted), abstainedQuestions: Type.Array(Counted) });
export type QuestionsAsked = Static<typeof QuestionsAsked>;

export const NotHelpfulAnswer = Type.Object({
  question: Type.String(),
  count: Type.Integer({ description: 'Answers to it marked not helpful (each answer by its latest mark)' }),
  reasons: Type.Array(Type.String(), { description: 'The latest reasons given, newest first (a few)' }),
  sources: Type.Array(Type.String(), { description: 'Ids of the knowledge base entries those answers cited' }),
});
export type NotHelpfulAnswer = Static<typeof NotHelpfulAnswer>;

export const Analytics = Type.Object({ ...AnalyticsFigures.properties, ...QuestionsAsked.properties, notHelpfulAnswers: Type.Array(NotHelpfulAnswer) });
