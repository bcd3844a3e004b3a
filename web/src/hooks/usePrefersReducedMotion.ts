import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

function subscribe(notify: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener('change', notify);
  return () => {
    list.removeEventListener('change', notify);
  };
}

/** Whether the visitor asked for less motion: typing effects, fades and rotations then hold still. */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
