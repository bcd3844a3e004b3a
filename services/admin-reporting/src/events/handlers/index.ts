import type { EventHandler } from '@betterplus/kit';

/** Everything admin-reporting consumes: nothing yet; every service's events come with the admin issue. */
export const handlers: readonly EventHandler[] = [];
