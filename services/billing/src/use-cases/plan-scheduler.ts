import { startPeriodic, type Logger, type PeriodicJob, type UnitOfWork } from '@betterplus/kit';
import { rollOverDue } from '../db/subscriptions.ts';
import { basicPeriod } from '../domain/plans.ts';
import { publishPlanExpired, publishSubscriptionChanged } from '../events/publish.ts';
import { basicAllowance } from './plan-changes.ts';

const BATCH = 100;

/**
 * Moves every plan whose period ended by `at` into its next one (see rollOverDue): a cancelled
 * or halted Premium back to Basic with PlanExpired, Basic into its next month. Replicas may run
 * it side by side: each due row has one owner. Returns how many moved.
 */
export async function rollOverDuePlans(uow: UnitOfWork, at: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const moved = await uow.run(async (tx) => {
      const due = await rollOverDue(tx, at, BATCH, basicAllowance(basicPeriod(at)));
      for (const { row, expiredPremium } of due) {
        if (expiredPremium) await publishPlanExpired(tx, row.user_id, at);
        await publishSubscriptionChanged(tx, row);
      }
      return due.length;
    });
    total += moved;
    if (moved < BATCH) return total;
  }
}

/** Runs rollOverDuePlans every `everyMs` on the time `now` gives (tests drive it). */
export function startPlanScheduler(options: { uow: UnitOfWork; logger: Logger; everyMs: number; now?: () => Date }): PeriodicJob {
  const { uow, logger, now = () => new Date() } = options;
  return startPeriodic({
    name: 'plan-scheduler',
    everyMs: options.everyMs,
    logger,
    runAtStart: true,
    run: async () => {
      const moved = await rollOverDuePlans(uow, now());
      if (moved > 0) logger.info({ moved }, 'plans moved into their next period');
    },
  });
}
