// The event catalogue: which message travels on which topic. Topics are named by owner,
// entity and version and keyed by user id where there is one (ARCHITECTURE.md, Events).
import type { DescMessage } from '@bufbuild/protobuf';
import { PaymentFailedSchema, PaymentVerifiedSchema } from './gen/betterplus/billing/v1/payment_pb.ts';
import { PlanExpiredSchema, SubscriptionCancelledSchema, SubscriptionChangedSchema } from './gen/betterplus/billing/v1/subscription_pb.ts';
import { AnswerGivenSchema, AnswerRatedSchema } from './gen/betterplus/chat/v1/answer_pb.ts';
import { HistoryClearedSchema } from './gen/betterplus/chat/v1/history_pb.ts';
import { KnowledgeArchiveImportedSchema } from './gen/betterplus/chat/v1/knowledge_pb.ts';
import { QueryConsumedSchema, QueryRefundedSchema } from './gen/betterplus/chat/v1/query_pb.ts';
import { OtpRequestedSchema } from './gen/betterplus/identity/v1/signup_pb.ts';
import { PasswordResetRequestedSchema, SessionsRevokedSchema, UserRegisteredSchema, UserUpdatedSchema } from './gen/betterplus/identity/v1/user_pb.ts';
import { ContactSubmittedSchema } from './gen/betterplus/notifications/v1/contact_pb.ts';

export interface EventDefinition<Desc extends DescMessage = DescMessage> {
  readonly topic: string;
  readonly schema: Desc;
}

const defineEvent = <Desc extends DescMessage>(topic: string, schema: Desc): EventDefinition<Desc> => ({ topic, schema });

export const topics = {
  identityUser: 'identity.user.v1',
  identitySignup: 'identity.signup.v1',
  notificationsContact: 'notifications.contact.v1',
  billingSubscription: 'billing.subscription.v1',
  billingPayment: 'billing.payment.v1',
  chatQuery: 'chat.query.v1',
  chatHistory: 'chat.history.v1',
  chatAnswer: 'chat.answer.v1',
  chatKnowledge: 'chat.knowledge.v1',
} as const;

export const UserRegisteredEvent = defineEvent(topics.identityUser, UserRegisteredSchema);
export const UserUpdatedEvent = defineEvent(topics.identityUser, UserUpdatedSchema);
export const PasswordResetRequestedEvent = defineEvent(topics.identityUser, PasswordResetRequestedSchema);
export const SessionsRevokedEvent = defineEvent(topics.identityUser, SessionsRevokedSchema);
export const OtpRequestedEvent = defineEvent(topics.identitySignup, OtpRequestedSchema);
export const ContactSubmittedEvent = defineEvent(topics.notificationsContact, ContactSubmittedSchema);
export const SubscriptionChangedEvent = defineEvent(topics.billingSubscription, SubscriptionChangedSchema);
export const SubscriptionCancelledEvent = defineEvent(topics.billingSubscription, SubscriptionCancelledSchema);
export const PlanExpiredEvent = defineEvent(topics.billingSubscription, PlanExpiredSchema);
export const PaymentVerifiedEvent = defineEvent(topics.billingPayment, PaymentVerifiedSchema);
export const PaymentFailedEvent = defineEvent(topics.billingPayment, PaymentFailedSchema);
export const QueryConsumedEvent = defineEvent(topics.chatQuery, QueryConsumedSchema);
export const QueryRefundedEvent = defineEvent(topics.chatQuery, QueryRefundedSchema);
export const HistoryClearedEvent = defineEvent(topics.chatHistory, HistoryClearedSchema);
export const AnswerGivenEvent = defineEvent(topics.chatAnswer, AnswerGivenSchema);
export const AnswerRatedEvent = defineEvent(topics.chatAnswer, AnswerRatedSchema);
export const KnowledgeArchiveImportedEvent = defineEvent(topics.chatKnowledge, KnowledgeArchiveImportedSchema);

/** What the infrastructure creates for a topic (services never create topics themselves). */
export interface TopicSettings {
  readonly name: string;
  /** Upper bound on one consumer group's parallelism; keys (user ids) spread across them. */
  readonly partitions: number;
  readonly retentionMs: number;
}

const day = 24 * 60 * 60 * 1000;

/** Where a consumer puts a message that can never succeed. */
export const deadLetterTopicOf = (service: string): string => `${service}.deadletter.v1`;

/** Every service consumes (at least identity's revoked sessions), so each has a dead-letter topic. */
export const consumingServices = ['identity', 'billing', 'chat', 'notifications', 'admin-reporting'] as const;

/** Kafka's retention.ms for a topic kept for ever. */
export const KEPT_FOR_EVER = -1;

/**
 * Every topic with its partitions and retention, created by `npm run kafka:topics` (the local
 * infrastructure and the chart's pre-install job). The topics admin-reporting's read models are
 * rebuilt from (users, plans, payments, queries, cleared histories, the knowledge archive's
 * imports: one event per changed archive, a single partition) are kept for ever, so a
 * replay from the start rebuilds them whole; questions asked and the marks their answers got are
 * kept 90 days, the longest analytics range. Dead letters keep a month for an operator to look
 * and replay; signup codes expire in minutes, so their topic keeps a day; contact messages a week.
 */
export const topicCatalogue: readonly TopicSettings[] = [
  { name: topics.identityUser, partitions: 6, retentionMs: KEPT_FOR_EVER },
  { name: topics.identitySignup, partitions: 3, retentionMs: 1 * day },
  { name: topics.notificationsContact, partitions: 3, retentionMs: 7 * day },
  { name: topics.billingSubscription, partitions: 6, retentionMs: KEPT_FOR_EVER },
  { name: topics.billingPayment, partitions: 6, retentionMs: KEPT_FOR_EVER },
  { name: topics.chatQuery, partitions: 6, retentionMs: KEPT_FOR_EVER },
  { name: topics.chatHistory, partitions: 3, retentionMs: KEPT_FOR_EVER },
  { name: topics.chatAnswer, partitions: 6, retentionMs: 90 * day },
  { name: topics.chatKnowledge, partitions: 1, retentionMs: KEPT_FOR_EVER },
  ...consumingServices.map((service) => ({ name: deadLetterTopicOf(service), partitions: 1, retentionMs: 30 * day })),
];
