import { Gauge, type Registry } from 'prom-client';
import type { Database } from './database.ts';

/** Pool connections by state (total, idle, waiting callers), read at each scrape. */
export function exportPoolMetrics(db: Database, registry: Registry): void {
  const stats = db.poolStats?.bind(db);
  if (!stats) return;
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections: total, idle, and callers waiting for one',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const { total, idle, waiting } = stats();
      this.set({ state: 'total' }, total);
      this.set({ state: 'idle' }, idle);
      this.set({ state: 'waiting' }, waiting);
    },
  });
}
