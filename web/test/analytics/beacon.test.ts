import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { COLLECT_PATH, MAX_PATH_LENGTH, countsPageView, event, pageView, type Beacon } from '../../src/analytics/beacon.ts';
import { deliver, type Transport } from '../../src/analytics/deliver.ts';

const origin = 'https://betterplus.example';

describe('the analytics beacons', () => {
  it('sends a page view with its path, and a referrer only as the origin of another site', () => {
    assert.deepEqual(pageView('/chat', '', origin), { kind: 'pageview', path: '/chat' });
    assert.deepEqual(pageView('/', 'https://news.example/story?id=7#top', origin), { kind: 'pageview', path: '/', referrer: 'https://news.example' });
    assert.deepEqual(
      pageView('/login', `${origin}/reset-password?token=secret`, origin),
      { kind: 'pageview', path: '/login' },
      'our own pages are no referrer',
    );
    assert.deepEqual(pageView('/', 'javascript:alert(1)', origin), { kind: 'pageview', path: '/' });
    assert.deepEqual(pageView('/', 'not a url', origin), { kind: 'pageview', path: '/' });
  });

  it('keeps at most 500 characters of a path', () => {
    const long = `/knowledge/${'a'.repeat(600)}`;
    assert.equal(pageView(long, '', origin).path, long.slice(0, MAX_PATH_LENGTH));
    assert.equal(event('chat_history_cleared', {}, long).path.length, MAX_PATH_LENGTH);
  });

  it('counts no page of the admin area', () => {
    for (const path of ['/vikarapanel', '/vikarapanel/', '/vikarapanel/users', '/vikarapanel/anything/else']) assert.equal(countsPageView(path), false, path);
    for (const path of ['/', '/chat', '/vikarapanelist', '/about/vikarapanel']) assert.equal(countsPageView(path), true, path);
  });

  it('names the event and sends its parameters, leaving out an empty set', () => {
    assert.deepEqual(event('chat_message_sent', { message_length: 42 }, '/chat'), {
      kind: 'event',
      path: '/chat',
      name: 'chat_message_sent',
      parameters: { message_length: 42 },
    });
    assert.deepEqual(event('subscription_started', { plan: 'premium' }, '/profile'), {
      kind: 'event',
      path: '/profile',
      name: 'subscription_started',
      parameters: { plan: 'premium' },
    });
    assert.deepEqual(event('signup_completed', {}, '/signup'), { kind: 'event', path: '/signup', name: 'signup_completed' });
  });
});

/** A transport that records what went where; `beacon` is what sendBeacon answers, or 'missing'. */
function recorder(beacon: boolean | 'missing' | 'throws', fetchFails = false) {
  const beacons: { url: string; data: Blob }[] = [];
  const fetches: { url: string; init: RequestInit }[] = [];
  const transport: Transport = {
    sendBeacon:
      beacon === 'missing'
        ? undefined
        : (url, data) => {
            if (beacon === 'throws') throw new TypeError('beacon refused');
            beacons.push({ url, data });
            return beacon;
          },
    fetch: async (url, init) => {
      fetches.push({ url, init });
      if (fetchFails) throw new TypeError('Failed to fetch');
      return undefined;
    },
  };
  return { transport, beacons, fetches };
}

const view: Beacon = { kind: 'pageview', path: '/chat' };

describe('delivering a beacon', () => {
  it('hands it to sendBeacon as JSON to the collector', async () => {
    const { transport, beacons, fetches } = recorder(true);
    deliver(view, transport);
    assert.equal(beacons.length, 1);
    const [{ url, data } = assert.fail('no beacon')] = beacons;
    assert.equal(url, COLLECT_PATH);
    assert.equal(data.type, 'application/json');
    assert.deepEqual(JSON.parse(await data.text()), view);
    assert.equal(fetches.length, 0);
  });

  for (const beacon of [false, 'missing', 'throws'] as const) {
    it(`falls back to a keepalive fetch without cookies when sendBeacon is ${beacon === false ? 'refused' : beacon}`, () => {
      const { transport, fetches } = recorder(beacon);
      deliver(view, transport);
      assert.equal(fetches.length, 1);
      const [{ url, init } = assert.fail('no fetch')] = fetches;
      assert.equal(url, COLLECT_PATH);
      assert.equal(init.method, 'POST');
      assert.equal(init.keepalive, true);
      assert.equal(init.credentials, 'omit');
      assert.deepEqual(init.headers, { 'Content-Type': 'application/json' });
      assert.equal(typeof init.body, 'string');
      assert.deepEqual(JSON.parse(init.body as string), view);
    });
  }

  it('swallows a failed fetch: a lost count never reaches the page', async () => {
    const { transport, fetches } = recorder('missing', true);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      assert.doesNotThrow(() => {
        deliver(view, transport);
      });
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', onUnhandled);
    }
    assert.equal(fetches.length, 1);
    assert.deepEqual(unhandled, []);
  });
});
