import type { EventHandler } from '@betterplus/kit';
import { onUserRegistered } from './user-registered.ts';

/** Everything billing consumes. */
export const handlers: readonly EventHandler[] = [onUserRegistered];
