import { useCallback, useEffect, useState } from 'react';

export interface TimedMessage {
  type: 'success' | 'error';
  text: string;
}

/**
 * A status note that hides itself `ms` after it was shown (spec section 9 timings). Showing a
 * note again, even with the same text, restarts the clock because each note is a new object.
 */
export function useTimedMessage(ms: number) {
  const [message, setMessage] = useState<TimedMessage | null>(null);

  useEffect(() => {
    if (message === null) return;
    const timer = setTimeout(() => {
      setMessage(null);
    }, ms);
    return () => {
      clearTimeout(timer);
    };
  }, [message, ms]);

  const show = useCallback((type: TimedMessage['type'], text: string) => {
    setMessage({ type, text });
  }, []);
  const clear = useCallback(() => {
    setMessage(null);
  }, []);

  return { message, show, clear };
}
