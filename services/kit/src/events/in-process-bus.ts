import { setTimeout as sleep } from 'node:timers/promises';
import type { BusMessage, EventBus, SubscribeOptions, Subscription } from './bus.ts';

export interface InProcessBusOptions {
  /** Pause before a message whose handler threw is delivered again. */
  redeliveryDelayMs?: number;
  /**
   * Durable delivery, for the embedded stack. `publish` resolves only when every consumer group
   * of the topic has handled the message (a stopped group keeps its place, as with Kafka's
   * committed offsets, and holds the message until it returns), so the relay marks an outbox row
   * published only then and a crash loses nothing: unpublished rows are published again on
   * start and the consumers' processed-event records skip what they already applied. Publishes
   * wait for `open()`, called once every group of the process has subscribed; handled messages
   * leave memory.
   */
  acknowledged?: boolean;
}

export interface InProcessBus extends EventBus {
  /** Lets publishes through (acknowledged mode: once every consumer group has subscribed). */
  open(): void;
}

interface Entry {
  message: BusMessage;
  /** Groups that still have to handle it (acknowledged mode). */
  waiting: Set<string>;
  settle: (error?: Error) => void;
}

interface Group {
  topics: Set<string>;
  /** Offset of the next message, over the whole life of the bus. */
  position: number;
  handle: SubscribeOptions['handle'];
  wake: () => void;
  active: boolean;
  done: Promise<void>;
}

/** The bus's one ordered log; in acknowledged mode, what every group has handled leaves memory from the front. */
function messageLog(acknowledged: boolean) {
  const entries: Entry[] = [];
  /** Offset of entries[0], over the whole life of the bus. */
  let base = 0;
  return {
    entries: entries as readonly Entry[],
    /** The oldest offset still kept. */
    base: (): number => base,
    at: (position: number): Entry | undefined => entries[position - base],
    /** Adds a message that `waiting` groups have to handle; resolves once they all have (at once when none). */
    append(message: BusMessage, waiting: Set<string>): Promise<void> {
      let settle: Entry['settle'] = () => undefined;
      const handled = new Promise<void>((resolve, reject) => {
        settle = (error) => {
          if (error) reject(error);
          else resolve();
        };
      });
      entries.push({ message, waiting, settle });
      if (waiting.size === 0) settle();
      return handled;
    },
    trim(): void {
      if (!acknowledged) return;
      while (entries[0]?.waiting.size === 0) {
        entries.shift();
        base += 1;
      }
    },
  };
}

type MessageLog = ReturnType<typeof messageLog>;

/** Read through a call: a handler's await may have stopped the group meanwhile. */
const stopped = (group: Group): boolean => !group.active;

/** Walks the log for group `name` until it stops; a handler that throws sees the same message again after `redeliveryDelayMs`. */
async function consume(log: MessageLog, name: string, group: Group, redeliveryDelayMs: number): Promise<void> {
  while (group.active) {
    group.position = Math.max(group.position, log.base());
    const entry = log.at(group.position);
    if (!entry) {
      await new Promise<void>((resolve) => (group.wake = resolve));
      continue;
    }
    if (!group.topics.has(entry.message.topic)) {
      group.position += 1;
      continue;
    }
    try {
      await group.handle(entry.message);
    } catch {
      // Stopped mid-message: it stays unhandled for this group, which keeps its place.
      if (stopped(group)) return;
      await sleep(redeliveryDelayMs);
      continue;
    }
    group.position += 1;
    if (entry.waiting.delete(name) && entry.waiting.size === 0) entry.settle();
    log.trim();
  }
}

/**
 * The embedded stack's bus: one ordered log per process; each consumer group walks it with its
 * own cursor, and a handler that throws sees the same message again after a pause, as with
 * Kafka. Without `acknowledged` a publish resolves once the message is in the log (memory only,
 * for tests: a group that joins late still reads the log from the start).
 */
export function createInProcessBus(options: number | InProcessBusOptions = {}): InProcessBus {
  const { redeliveryDelayMs = 200, acknowledged = false } = typeof options === 'number' ? { redeliveryDelayMs: options } : options;
  const log = messageLog(acknowledged);
  const groups = new Map<string, Group>();
  let closed = false;
  let letThrough: () => void = () => undefined;
  const opened = acknowledged ? new Promise<void>((resolve) => (letThrough = resolve)) : Promise.resolve();

  return {
    open() {
      letThrough();
    },
    async publish(messages) {
      await opened;
      if (closed) throw new Error('The in-process bus is closed');
      const settled = messages.map((m) => {
        const waiting = new Set(acknowledged ? [...groups].filter(([, g]) => g.topics.has(m.topic)).map(([name]) => name) : []);
        return log.append({ ...m, value: new Uint8Array(m.value) }, waiting);
      });
      log.trim();
      for (const group of groups.values()) group.wake();
      await Promise.all(settled);
    },
    async subscribe({ group: name, topics, handle }): Promise<Subscription> {
      if (closed) throw new Error('The in-process bus is closed');
      const known = groups.get(name);
      if (known?.active) throw new Error(`Consumer group ${name} is already subscribed`);
      // A group that comes back resumes where it stopped; a new one starts at the oldest message kept.
      const group: Group = {
        topics: new Set(topics),
        position: known?.position ?? log.base(),
        handle,
        wake: () => undefined,
        active: true,
        done: Promise.resolve(),
      };
      groups.set(name, group);
      group.done = consume(log, name, group, redeliveryDelayMs);
      return {
        async stop() {
          group.active = false;
          group.wake();
          await group.done;
        },
      };
    },
    async ping() {
      if (closed) throw new Error('The in-process bus is closed');
    },
    async close() {
      closed = true;
      letThrough();
      for (const group of groups.values()) {
        group.active = false;
        group.wake();
      }
      for (const entry of log.entries)
        if (entry.waiting.size > 0) entry.settle(new Error('The in-process bus closed before every consumer group handled the message'));
    },
  };
}
