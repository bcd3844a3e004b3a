import { timestampDate } from '@bufbuild/protobuf/wkt';
import { SessionsRevokedEvent } from '@betterplus/events';
import type { Queryable } from '../db/database.ts';
import { on, type EventHandler } from '../events/consumer.ts';
import type { Transaction, UnitOfWork } from '../events/outbox.ts';
import type { Logger } from '../observability/logger.ts';
import type { TokenClaims } from './tokens.ts';

/** Records that tokens of `userId` issued before `revokedBefore` are void; a later revocation wins. */
export async function revokeSessions(db: Queryable, userId: string, revokedBefore: Date): Promise<void> {
  await db.query(
    `INSERT INTO session_revocations (user_id, revoked_before) VALUES ($1, $2)
     ON CONFLICT (user_id) DO UPDATE SET revoked_before = greatest(session_revocations.revoked_before, excluded.revoked_before), changed_at = now()`,
    [userId, revokedBefore],
  );
}

/**
 * The service's session_revocations table, held in memory so a guarded request costs no
 * database round trip. Every replica refreshes it from the table every `refreshMs`, so a
 * revocation that one replica's consumer applied takes effect on all of them within about that
 * long; the replica that applied it knows at once.
 */
export interface RevocationCache {
  isRevoked(claims: TokenClaims): boolean;
  /** Applies a revocation seen first-hand (this replica's consumer). */
  remember(userId: string, revokedBefore: Date): void;
  /** Reads what changed in the table since the last refresh. */
  refresh(): Promise<void>;
  stop(): void;
}

// Rows are stamped with their transaction's start time and become visible at commit, so a
// refresh also rereads rows stamped a while before the newest one it has seen.
const commitSkewMs = 30_000;

export async function createRevocationCache(db: Queryable, options: { refreshMs: number; logger: Logger }): Promise<RevocationCache> {
  const revokedBefore = new Map<string, number>();
  let newest: Date | undefined;
  const remember = (userId: string, at: Date) => {
    revokedBefore.set(userId, Math.max(revokedBefore.get(userId) ?? 0, at.getTime()));
  };
  const refresh = async () => {
    const since = newest ? new Date(newest.getTime() - commitSkewMs) : new Date(0);
    const { rows } = await db.query<{ user_id: string; revoked_before: Date; changed_at: Date }>(
      'SELECT user_id, revoked_before, changed_at FROM session_revocations WHERE changed_at >= $1',
      [since],
    );
    for (const row of rows) {
      remember(row.user_id, row.revoked_before);
      if (!newest || row.changed_at > newest) newest = row.changed_at;
    }
  };
  await refresh();
  let failing = false;
  let timer: NodeJS.Timeout | undefined;
  // One refresh at a time: the next is scheduled when the last one has finished.
  const schedule = () => {
    timer = setTimeout(() => {
      refresh()
        .then(
          () => {
            if (failing) options.logger.info('session revocations refreshed again');
            failing = false;
          },
          (error: unknown) => {
            if (!failing) options.logger.warn({ err: error }, 'session revocations could not be refreshed');
            failing = true;
          },
        )
        .finally(() => {
          if (timer) schedule();
        });
    }, options.refreshMs);
    timer.unref();
  };
  schedule();
  return {
    isRevoked: (claims) => claims.issuedAtMs < (revokedBefore.get(claims.userId) ?? 0),
    remember,
    refresh,
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}

/** Every service consumes this, so a password change signs the user out everywhere. */
export const sessionsRevokedHandler = (cache: Pick<RevocationCache, 'remember'>): EventHandler =>
  on(SessionsRevokedEvent, async (event, { tx }) => {
    if (!event.revokedBefore) return;
    const at = timestampDate(event.revokedBefore);
    await revokeSessions(tx, event.userId, at);
    // Earlier than the commit is safe: a revocation only ever moves forward, and a rolled-back
    // event is delivered again.
    cache.remember(event.userId, at);
  });

/**
 * The service that revokes sessions (identity) writes its own table and publishes
 * SessionsRevoked in one transaction; once that commits, its own cache knows at once, so the
 * very next request with an old token is refused.
 */
export function applyRevocationsOnCommit(uow: UnitOfWork, cache: Pick<RevocationCache, 'remember'>): UnitOfWork {
  return {
    async run(work) {
      const revoked: { userId: string; at: Date }[] = [];
      const result = await uow.run((tx) => {
        const watched: Transaction = Object.assign(Object.create(tx) as Transaction, {
          publish: ((event, key, payload) => {
            if ((event as unknown) === SessionsRevokedEvent) {
              const { userId, revokedBefore } = payload as { userId: string; revokedBefore?: Parameters<typeof timestampDate>[0] };
              if (revokedBefore) revoked.push({ userId, at: timestampDate(revokedBefore) });
            }
            return tx.publish(event, key, payload);
          }) satisfies Transaction['publish'],
        });
        return work(watched);
      });
      for (const { userId, at } of revoked) cache.remember(userId, at);
      return result;
    },
  };
}
