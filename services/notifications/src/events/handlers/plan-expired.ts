import { on } from '@betterplus/kit';
import { PlanExpiredEvent } from '@betterplus/events';
import { mailUser, planExpired } from '../../use-cases/user-mail.ts';
import type { HandlerDeps } from './deps.ts';

/** Tells the user Premium has ended, and how to get it back. */
export const onPlanExpired = (deps: HandlerDeps) => on(PlanExpiredEvent, (event, context) => mailUser(deps, planExpired, event.userId, context));
