import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';
import { trackPageView } from './track.ts';

/** Sends a page view each time the path changes (not for a new query string or hash on the same page). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  // StrictMode runs effects twice in development: one view per path all the same.
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (sent.current === pathname) return;
    sent.current = pathname;
    trackPageView(pathname);
  }, [pathname]);
}
