import type { EventHandler } from '@betterplus/kit';

/** Everything identity consumes: nothing of its own (the kit applies SessionsRevoked in every service). */
export const handlers: readonly EventHandler[] = [];
