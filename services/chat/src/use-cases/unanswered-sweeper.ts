import { startPeriodic, type Logger, type UnitOfWork } from '@betterplus/kit';
import { removeUnanswered } from '../db/history.ts';
import { refundQuery } from './refund.ts';

export interface UnansweredSweeper {
  /** One pass: refunds every stale unanswered question; returns how many. */
  sweep(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * A process that stops between taking a query and answering it leaves the question unanswered
 * and the use taken. Every replica sweeps such questions (older than `staleAfterMs`, well past
 * any answer's time budget) every `everyMs`: each is removed and refunded once.
 */
export function startUnansweredSweeper(options: { uow: UnitOfWork; logger: Logger; staleAfterMs: number; everyMs: number }): UnansweredSweeper {
  const { uow, logger, staleAfterMs, everyMs } = options;
  const batch = 100;
  const sweep = async (): Promise<number> => {
    let total = 0;
    for (;;) {
      const swept = await uow.run(async (tx) => {
        const stale = await removeUnanswered(tx, staleAfterMs, batch);
        for (const question of stale) await refundQuery(tx, question);
        return stale.length;
      });
      total += swept;
      if (swept < batch) break;
    }
    if (total > 0) logger.warn({ refunded: total }, 'unanswered questions refunded');
    return total;
  };
  const job = startPeriodic({
    name: 'unanswered-sweeper',
    everyMs,
    logger,
    run: async () => {
      await sweep();
    },
  });
  return {
    sweep,
    stop: () => job.stop(),
  };
}
