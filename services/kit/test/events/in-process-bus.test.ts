import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, describe, it } from 'node:test';
import { UserRegisteredEvent } from '@betterplus/events';
import { createInProcessBus, createMetrics, createOutboxRelay, createPgliteDatabase, createUnitOfWork, migrate, type BusMessage } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { collect, kitMigrations, silentLogger } from '../support.ts';

const message = (topic: string, text: string): BusMessage => ({ topic, key: 'k', value: new TextEncoder().encode(text) });
const texts = (messages: readonly BusMessage[]) => messages.map((m) => new TextDecoder().decode(m.value));
const atLeast = (messages: readonly BusMessage[], n: number) => () => Promise.resolve(messages.length >= n ? true : undefined);

describe('in-process bus', () => {
  it('gives every group every message of its topics, in publish order', async () => {
    const bus = createInProcessBus(10);
    const billing = await collect(bus, 'billing', ['users']);
    await bus.publish([message('users', 'u1'), message('chats', 'c1'), message('users', 'u2')]);
    // A group that joins late starts from the beginning of the log, as with Kafka's earliest offset.
    const chat = await collect(bus, 'chat', ['users', 'chats']);
    await bus.publish([message('users', 'u3')]);

    await eventually(atLeast(billing.messages, 3));
    await eventually(atLeast(chat.messages, 4));
    assert.deepEqual(texts(billing.messages), ['u1', 'u2', 'u3']);
    assert.deepEqual(texts(chat.messages), ['u1', 'c1', 'u2', 'u3']);
    await bus.close();
  });

  it('delivers the same message again to a handler that threw, before any later one', async () => {
    const bus = createInProcessBus(5);
    const seen: string[] = [];
    await bus.subscribe({
      group: 'notifications',
      topics: ['users'],
      handle: async (m) => {
        const [text] = texts([m]);
        seen.push(text ?? '');
        if (text === 'u1' && seen.length < 3) throw new Error('mail server down');
      },
    });
    await bus.publish([message('users', 'u1'), message('users', 'u2')]);
    await eventually(() => Promise.resolve(seen.includes('u2') ? true : undefined));
    assert.deepEqual(seen, ['u1', 'u1', 'u1', 'u2']);
    await bus.close();
  });

  it('ends delivery to a group when stop() resolves, even with messages waiting, while other groups go on', async () => {
    const bus = createInProcessBus(10);
    let release: () => void = () => undefined;
    const busy = new Promise<void>((resolve) => (release = resolve));
    const seen: string[] = [];
    const subscription = await bus.subscribe({
      group: 'stopping',
      topics: ['users'],
      handle: async (m) => {
        seen.push(texts([m]).join());
        await busy;
      },
    });
    const running = await collect(bus, 'running', ['users']);
    await bus.publish([message('users', 'u1'), message('users', 'u2'), message('users', 'u3')]);
    await eventually(() => Promise.resolve(seen.length > 0 ? true : undefined));

    const stopping = subscription.stop();
    release();
    await stopping;
    await bus.publish([message('users', 'u4')]);
    await eventually(atLeast(running.messages, 4));
    assert.deepEqual(seen, ['u1']);
    assert.deepEqual(texts(running.messages), ['u1', 'u2', 'u3', 'u4']);
    await bus.close();
  });
});

const db = await createPgliteDatabase();
await migrate(db, [{ scope: 'kit', dir: kitMigrations }]);
after(() => db.close());

describe('in-process bus, acknowledged (the embedded stack)', () => {
  it('resolves a publish only once every group of the topic has handled it, a stopped group included, and only after open()', async () => {
    const bus = createInProcessBus({ redeliveryDelayMs: 5, acknowledged: true });
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    await bus.subscribe({ group: 'billing', topics: ['users'], handle: () => slow });
    const notifications = await collect(bus, 'notifications', ['users']);
    const away = await collect(bus, 'away', ['users']);
    await away.subscription.stop();

    let resolved = false;
    const published = bus.publish([message('users', 'u1')]).then(() => (resolved = true));
    await sleep(50);
    assert.deepEqual(texts(notifications.messages), [], 'nothing flows before open()');
    bus.open();
    await eventually(atLeast(notifications.messages, 1));
    assert.equal(resolved, false, 'billing has not handled it yet');
    release();
    await sleep(50);
    assert.equal(resolved, false, 'the stopped group still holds it, as a Kafka group keeps its offset');
    const back = await collect(bus, 'away', ['users']);
    await published;
    assert.deepEqual(texts(back.messages), ['u1']);
    await bus.close();
  });

  it('leaves the outbox row unpublished until the consumers have handled it, so a crash before that redelivers it', async () => {
    const key = randomUUID();
    const uow = createUnitOfWork(db, 'identity', () => undefined);
    await uow.run((tx) => tx.publish(UserRegisteredEvent, key, { userId: key, name: 'durable' }));
    const published = async () => (await db.query<{ p: boolean }>('SELECT published_at IS NOT NULL AS p FROM outbox WHERE key = $1', [key])).rows[0]?.p;

    // The first process: its consumer never finishes the message before the "crash".
    const first = createInProcessBus({ redeliveryDelayMs: 5, acknowledged: true });
    const seen: string[] = [];
    await first.subscribe({
      group: 'billing',
      topics: [UserRegisteredEvent.topic],
      handle: async (m) => {
        seen.push(m.key);
        await new Promise(() => undefined);
      },
    });
    first.open();
    const relay = createOutboxRelay({ db, bus: first, logger: silentLogger, metrics: createMetrics('bus-test'), pollIntervalMs: 50, stopGraceMs: 100 });
    relay.start();
    await eventually(() => Promise.resolve(seen.includes(key) ? true : undefined));
    await sleep(100);
    assert.equal(await published(), false, 'handed to the bus, but not handled: still pending');
    await relay.stop();
    await first.close();

    // The next start: the row is published again and now handled.
    const second = createInProcessBus({ redeliveryDelayMs: 5, acknowledged: true });
    const billing = await collect(second, 'billing', [UserRegisteredEvent.topic]);
    second.open();
    const next = createOutboxRelay({ db, bus: second, logger: silentLogger, metrics: createMetrics('bus-test'), pollIntervalMs: 50 });
    next.start();
    await eventually(() => Promise.resolve(billing.messages.some((m) => m.key === key) ? true : undefined));
    await eventually(async () => ((await published()) ? true : undefined));
    await next.stop();
    await second.close();
  });
});
