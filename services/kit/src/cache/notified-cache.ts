import { LRUCache } from 'lru-cache';
import type { Database } from '../db/database.ts';

export type NotifiedCacheRead = 'hit' | 'miss' | 'bypass';

export interface NotifiedCacheOptions {
  /** Entries kept at most; the least recently read go first. */
  maxEntries?: number;
  /** The longest an entry is served: the bound on a change whose notification was lost unnoticed. */
  ttlMs?: number;
  /** Each read: from memory, from the database and kept, or from the database while not listening. */
  onRead?: (read: NotifiedCacheRead) => void;
}

export interface NotifiedCache<Value extends object> {
  /** The value of `key` from memory, or from `load` (kept when nothing changed it meanwhile). Treat it as read-only. */
  get(key: string, load: () => Promise<Value | undefined>): Promise<Value | undefined>;
  stop(): Promise<void>;
}

/**
 * Rows read on every request and changed rarely, kept in memory and dropped the moment the
 * database says they changed: a trigger NOTIFYs `channel` with the row's key on every write,
 * whoever makes it (this replica, another one, an operator's SQL), and PostgreSQL delivers it once
 * the write has committed. So every replica serves a change within a notification's delay, and
 * nothing is served from memory while the listening connection is down.
 */
export function createNotifiedCache<Value extends object>(
  db: Pick<Database, 'listen'>,
  channel: string,
  options: NotifiedCacheOptions = {},
): NotifiedCache<Value> {
  const entries = new LRUCache<string, Value>({ max: options.maxEntries ?? 10_000, ttl: options.ttlMs ?? 60_000 });
  // Loads in flight, by key. A change notified while one runs may have committed after it read,
  // so what it read is returned but not kept.
  const loading = new Map<string, Set<{ changed: boolean }>>();
  let listening = false;
  const onRead = options.onRead ?? (() => undefined);

  const forget = (key: string) => {
    entries.delete(key);
    for (const load of loading.get(key) ?? []) load.changed = true;
  };
  const listener = db.listen(channel, {
    onNotify: forget,
    onListening(now) {
      listening = now;
      if (now) return;
      entries.clear();
      for (const key of loading.keys()) forget(key);
    },
  });

  return {
    async get(key, load) {
      const known = entries.get(key);
      if (known !== undefined) {
        onRead('hit');
        return known;
      }
      if (!listening) {
        onRead('bypass');
        return load();
      }
      onRead('miss');
      const loads = loading.get(key) ?? new Set();
      loading.set(key, loads);
      const current = { changed: false };
      loads.add(current);
      try {
        const value = await load();
        if (value !== undefined && !current.changed) entries.set(key, value);
        return value;
      } finally {
        loads.delete(current);
        if (loads.size === 0) loading.delete(key);
      }
    },
    async stop() {
      listening = false;
      entries.clear();
      await listener.stop();
    },
  };
}
