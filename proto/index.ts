export * from './gen/betterplus/events/v1/envelope_pb.ts';
export * from './gen/betterplus/identity/v1/user_pb.ts';
export * from './gen/betterplus/identity/v1/signup_pb.ts';
export * from './gen/betterplus/notifications/v1/contact_pb.ts';
export * from './gen/betterplus/billing/v1/subscription_pb.ts';
export * from './gen/betterplus/billing/v1/payment_pb.ts';
export * from './gen/betterplus/chat/v1/query_pb.ts';
export * from './gen/betterplus/chat/v1/history_pb.ts';
export * from './gen/betterplus/chat/v1/answer_pb.ts';
export * from './gen/betterplus/chat/v1/knowledge_pb.ts';
export {
  topics,
  UserRegisteredEvent,
  UserUpdatedEvent,
  PasswordResetRequestedEvent,
  SessionsRevokedEvent,
  OtpRequestedEvent,
  ContactSubmittedEvent,
  SubscriptionChangedEvent,
  SubscriptionCancelledEvent,
  PlanExpiredEvent,
  PaymentVerifiedEvent,
  PaymentFailedEvent,
  QueryConsumedEvent,
  QueryRefundedEvent,
  HistoryClearedEvent,
  AnswerGivenEvent,
  AnswerRatedEvent,
  KnowledgeArchiveImportedEvent,
  topicCatalogue,
  KEPT_FOR_EVER,
  deadLetterTopicOf,
  consumingServices,
} from './catalogue.ts';
export type { EventDefinition, TopicSettings } from './catalogue.ts';
