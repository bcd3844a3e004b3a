// The browser a component test runs in: jsdom's document and window as globals, plus what jsdom
// does not do (it lays nothing out, plays no media). Import it first, before any module that reads
// the DOM when it loads (Testing Library's `screen` among them). Each test's render is unmounted
// after it, and the window closed after the file, so the test process can end.
import { after, afterEach } from 'node:test';
import { MessageChannel as NodeMessageChannel } from 'node:worker_threads';
import globalJsdom from 'global-jsdom';
import { VirtualConsole } from 'jsdom';

// What jsdom does not implement (it measures no pseudo-elements for antd's scrollbars) is no failure of ours: not reported.
const virtualConsole = new VirtualConsole().forwardTo(console, { jsdomErrors: ['css-parsing', 'resource-loading', 'unhandled-exception'] });
globalJsdom(undefined, { url: 'http://localhost/', virtualConsole });

/** The media queries a test browser answers: it asks for reduced motion, so answers and suggestions appear without animation. */
window.matchMedia = (media: string) =>
  Object.assign(new EventTarget(), { media, matches: media.includes('prefers-reduced-motion: reduce'), onchange: null }) as MediaQueryList;

// jsdom has no fetch, so node's Request stays; like a browser's, it resolves a path ('/api/user',
// as the API clients send it) against the page's address. Replaced before the clients are created.
class PageRequest extends Request {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' ? new URL(input, window.location.href) : input, init);
  }
}
globalThis.Request = PageRequest;

// jsdom lays nothing out: nothing is ever resized, and there is nothing to scroll.
globalThis.ResizeObserver = class {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
};
window.scrollTo = () => undefined;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
window.HTMLElement.prototype.scrollBy = () => undefined;

// antd's forms open a message channel per change and never close it: harmless in a browser, where
// it is collected, but in node an open port keeps the process alive.
class UnrefMessageChannel extends NodeMessageChannel {
  constructor() {
    super();
    queueMicrotask(() => {
      this.port1.unref();
      this.port2.unref();
    });
  }
}
globalThis.MessageChannel = UnrefMessageChannel as unknown as typeof MessageChannel;

// The query cache's timers (a query is kept for minutes after its page unmounts) would keep the
// test process alive after its last test: unref'd, they run while it lives and do not hold it.
const { timeoutManager } = await import('@tanstack/react-query');
timeoutManager.setTimeoutProvider({
  setTimeout: (callback, delay) => setTimeout(callback, delay).unref(),
  clearTimeout: (id) => {
    clearTimeout(id);
  },
  setInterval: (callback, delay) => setInterval(callback, delay).unref(),
  clearInterval: (id) => {
    clearInterval(id);
  },
});

const { cleanup, configure } = await import('@testing-library/react');
// A page opens through the session check and its lazily loaded code: on a busy machine that takes a few seconds.
configure({ asyncUtilTimeout: 10_000 });
afterEach(cleanup);
after(() => {
  window.close();
});
