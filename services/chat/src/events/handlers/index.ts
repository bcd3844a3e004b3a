import type { EventHandler } from '@betterplus/kit';
import { onSubscriptionChanged } from './subscription-changed.ts';

/** Everything chat consumes (plan expired comes with billing's renewals). */
export const handlers: readonly EventHandler[] = [onSubscriptionChanged];
