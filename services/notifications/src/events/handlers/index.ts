import type { EventHandler, Mailer } from '@betterplus/kit';
import { onUserRegistered } from './user-registered.ts';

/** Everything notifications consumes. */
export const handlers = (mailer: Mailer, publicUrl: string): readonly EventHandler[] => [onUserRegistered(mailer, publicUrl)];
