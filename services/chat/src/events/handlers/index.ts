import type { EventHandler } from '@betterplus/kit';

/** Everything chat consumes: nothing yet; billing's subscription changed and plan expired come with the chat issue. */
export const handlers: readonly EventHandler[] = [];
