import { useEffect } from 'react';
import { useMatches } from 'react-router-dom';

/**
 * What a route of the table may carry in its `handle`: the title of its tab, or `ownTitle` when
 * the page names its tab itself with useOwnPageTitle (a title that comes with its data).
 */
export type PageHandle = { title: string } | { ownTitle: true };

function isPageHandle(handle: unknown): handle is PageHandle {
  if (typeof handle !== 'object' || handle === null) return false;
  const { title, ownTitle } = handle as { title?: unknown; ownTitle?: unknown };
  return typeof title === 'string' || ownTitle === true;
}

const appName = 'Better+';

const tabTitle = (title: string) => `${title} · ${appName}`;

/** Sets the tab's title from the deepest matched route that names one, e.g. 'Sign in · Better+'. */
export function usePageTitle(): void {
  const matches = useMatches();
  const handle = matches.map((match) => match.handle).findLast(isPageHandle);
  // A page that names its tab itself is left to do so: this effect runs after the page's own.
  const title = handle === undefined ? appName : 'title' in handle ? tabTitle(handle.title) : null;
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
}

/** The tab's title for a route whose handle is `{ ownTitle: true }`, e.g. 'Goonj · Better+'. */
export function useOwnPageTitle(title: string): void {
  useEffect(() => {
    document.title = tabTitle(title);
  }, [title]);
}
