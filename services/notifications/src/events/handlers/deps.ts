import type { Logger, OpenSecret } from '@betterplus/kit';
import type { Deliver } from '../../use-cases/deliver.ts';

/** What the handlers are given (index.ts builds them from it). Its own module, so the handlers and their index do not import each other. */
export interface HandlerDeps {
  deliver: Deliver;
  /** Called once a handler's transaction has committed: the mail it queued can go now. */
  mailQueued: () => void;
  publicUrl: string;
  supportEmail: string;
  /** Opens the codes and tokens identity seals to notifications' public key. */
  openSecret: OpenSecret;
  logger: Logger;
}
