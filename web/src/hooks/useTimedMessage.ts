import { useCallback, useEffect, useState } from 'react';

export interface TimedMessage {
  type: 'success' | 'error';
  text: string;
}

/**
 * A status note that hides itself `ms` after it was shown (spec section 9 timings), or after the
 * time `show` names for that note. Showing a note again, even with the same text, restarts the
 * clock because each note is a new object.
 */
export function useTimedMessage(ms: number) {
  const [shown, setShown] = useState<{ message: TimedMessage; ms: number } | null>(null);

  useEffect(() => {
    if (shown === null) return;
    const timer = setTimeout(() => {
      setShown(null);
    }, shown.ms);
    return () => {
      clearTimeout(timer);
    };
  }, [shown]);

  const show = useCallback(
    (type: TimedMessage['type'], text: string, forMs = ms) => {
      setShown({ message: { type, text }, ms: forMs });
    },
    [ms],
  );
  const clear = useCallback(() => {
    setShown(null);
  }, []);

  return { message: shown?.message ?? null, show, clear };
}
