import { COLLECT_PATH, type Beacon } from './beacon.ts';

/** The browser's ways of sending, passed in so that the choice between them can be tested outside one. */
export interface Transport {
  /** navigator.sendBeacon, when the browser has it. */
  sendBeacon: ((url: string, data: Blob) => boolean) | undefined;
  fetch: (url: string, init: RequestInit) => Promise<unknown>;
}

function beaconSent(json: string, transport: Transport): boolean {
  try {
    return transport.sendBeacon?.(COLLECT_PATH, new Blob([json], { type: 'application/json' })) === true;
  } catch {
    return false;
  }
}

/**
 * Sends `beacon` with sendBeacon, which outlives the page (a view just before the tab closes still
 * arrives); when there is none, or it refuses (its queue is full), with a keepalive fetch that sends
 * no cookies. Never throws and never rejects: analytics must not break or slow what the user does.
 */
export function deliver(beacon: Beacon, transport: Transport): void {
  try {
    const json = JSON.stringify(beacon);
    if (beaconSent(json, transport)) return;
    transport
      .fetch(COLLECT_PATH, { method: 'POST', body: json, headers: { 'Content-Type': 'application/json' }, keepalive: true, credentials: 'omit' })
      .catch(() => undefined);
  } catch {
    // A lost beacon is a lost count, no more.
  }
}
