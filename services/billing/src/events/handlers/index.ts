import type { EventHandler } from '@betterplus/kit';
import { onQueryConsumed, onQueryRefunded } from './query-usage.ts';
import { onUserRegistered } from './user-registered.ts';
import { onUserUpdated } from './user-updated.ts';

/** Everything billing consumes. */
export const handlers: readonly EventHandler[] = [onUserRegistered, onUserUpdated, onQueryConsumed, onQueryRefunded];
