import { useCallback, useEffect, useState } from 'react';

/**
 * Whole seconds left until a moment set with `start(seconds)`; 0 once it has passed. Ticks once a second
 * while running (from the clock, so a throttled background tab still shows the right number on return).
 */
export function useCountdown(): { secondsLeft: number; start: (seconds: number) => void } {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= now) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until, now]);

  const start = useCallback((seconds: number) => {
    const t = Date.now();
    setNow(t);
    setUntil(t + Math.max(0, seconds) * 1000);
  }, []);

  return { secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)), start };
}
