import type { EventHandler } from '@betterplus/kit';
import { onPaymentFailed, onPaymentVerified, onPlanExpired, onSubscriptionCancelled, onSubscriptionChanged } from './billing.ts';
import { onAnswerGiven, onAnswerRated, onHistoryCleared, onKnowledgeArchiveImported, onQueryConsumed, onQueryRefunded } from './chat.ts';
import { onUserRegistered, onUserUpdated } from './identity.ts';

/** Everything admin-reporting learns from: identity's users, billing's plans and payments, chat's queries, answers, marks of answers, cleared histories and knowledge archive. */
export const handlers: readonly EventHandler[] = [
  onUserRegistered,
  onUserUpdated,
  onSubscriptionChanged,
  onSubscriptionCancelled,
  onPlanExpired,
  onPaymentVerified,
  onPaymentFailed,
  onQueryConsumed,
  onQueryRefunded,
  onAnswerGiven,
  onAnswerRated,
  onHistoryCleared,
  onKnowledgeArchiveImported,
];
