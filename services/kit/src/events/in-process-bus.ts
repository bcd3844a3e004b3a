import { setTimeout as sleep } from 'node:timers/promises';
import type { BusMessage, EventBus, SubscribeOptions, Subscription } from './bus.ts';

interface GroupCursor {
  topics: Set<string>;
  position: number;
  handle: SubscribeOptions['handle'];
  wake: () => void;
  stopped: boolean;
}

/**
 * The embedded stack's bus: one ordered log per process; each consumer group walks it with its
 * own cursor, and a handler that throws sees the same message again after a pause, as with
 * Kafka. Messages are kept in memory only: the outbox, not the bus, is what survives restarts.
 */
export function createInProcessBus(redeliveryDelayMs = 200): EventBus {
  const log: BusMessage[] = [];
  const groups = new Map<string, GroupCursor>();

  const run = async (cursor: GroupCursor): Promise<void> => {
    while (!cursor.stopped) {
      const message = log[cursor.position];
      if (!message) {
        await new Promise<void>((resolve) => (cursor.wake = resolve));
        continue;
      }
      if (!cursor.topics.has(message.topic)) {
        cursor.position += 1;
        continue;
      }
      try {
        await cursor.handle(message);
        cursor.position += 1;
      } catch {
        await sleep(redeliveryDelayMs);
      }
    }
  };

  return {
    async publish(messages) {
      log.push(...messages.map((m) => ({ ...m, value: new Uint8Array(m.value) })));
      for (const cursor of groups.values()) cursor.wake();
    },
    async subscribe({ group, topics, handle }): Promise<Subscription> {
      if (groups.has(group)) throw new Error(`Consumer group ${group} is already subscribed`);
      const cursor: GroupCursor = { topics: new Set(topics), position: 0, handle, wake: () => undefined, stopped: false };
      groups.set(group, cursor);
      const done = run(cursor);
      return {
        async stop() {
          cursor.stopped = true;
          cursor.wake();
          await done;
          groups.delete(group);
        },
      };
    },
    async ping() {},
    async close() {
      await Promise.all([...groups.values()].map(async (cursor) => {
        cursor.stopped = true;
        cursor.wake();
      }));
    },
  };
}
