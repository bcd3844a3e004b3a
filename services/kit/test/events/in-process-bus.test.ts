import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createInProcessBus, type BusMessage } from '../../src/index.ts';
import { eventually } from '../../src/testing/index.ts';
import { collect } from '../support.ts';

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
