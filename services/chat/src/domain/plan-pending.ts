import { conflict } from '@betterplus/kit';

/** billing's SubscriptionChanged for a new account has not reached chat yet: a moment, not a failure and never a free query. */
export const planPending = () => conflict('Your plan is still being set up. Please try again in a moment.', 'PLAN_PENDING');
