import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

/** What a route of the table may carry in its `handle`. */
export interface PageHandle {
  title: string;
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { title?: unknown }).title === 'string';
}

const appName = 'Better+';

/** Sets the tab's title from the deepest matched route that names one, e.g. 'Sign in · Better+'. */
export function usePageTitle(): void {
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isPageHandle);
  const title = handle ? `${handle.title} · ${appName}` : appName;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
