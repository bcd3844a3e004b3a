// The app's calls into analytics: a page view per route change (usePageViews) and the named events.
import { countsPageView, event, pageView, type AnalyticsEventName, type AnalyticsEvents } from './beacon.ts';
import { deliver, type Transport } from './deliver.ts';

function browserTransport(): Transport {
  return {
    sendBeacon: 'sendBeacon' in navigator ? (url, data) => navigator.sendBeacon(url, data) : undefined,
    fetch: (url, init) => fetch(url, init),
  };
}

// document.referrer names where the page was loaded from, not the in-app page before: it goes with the first view only.
let firstView = true;

export function trackPageView(path: string): void {
  const referrer = firstView ? document.referrer : '';
  firstView = false;
  if (!countsPageView(path)) return;
  deliver(pageView(path, referrer, window.location.origin), browserTransport());
}

/** Sends `name` from the page the user is on. */
export function trackEvent<Name extends AnalyticsEventName>(name: Name, parameters: AnalyticsEvents[Name]): void {
  deliver(event(name, parameters, window.location.pathname), browserTransport());
}
