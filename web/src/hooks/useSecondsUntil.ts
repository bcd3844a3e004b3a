import { useEffect, useState } from 'react';

/** Whole seconds left until the epoch-millisecond `deadline` (0 once passed), updated every second. */
export function useSecondsUntil(deadline: number): number {
  const left = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);

  useEffect(() => {
    const tick = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
    setSeconds(tick());
    const timer = setInterval(() => {
      const now = tick();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, [deadline]);

  return seconds;
}
