import { on } from '@betterplus/kit';
import { PaymentFailedEvent } from '@betterplus/events';
import { mailUser, paymentFailed } from '../../use-cases/user-mail.ts';
import type { HandlerDeps } from './deps.ts';

/** Tells the subscriber a charge failed while the provider still retries it. */
export const onPaymentFailed = (deps: HandlerDeps) => on(PaymentFailedEvent, (event, context) => mailUser(deps, paymentFailed, event.userId, context));
