// The current time for a countdown to `deadline`: the component re-renders at each whole second before the
// deadline (and once at it), so the countdown refreshes each second (SPEC §2) and flips to 'expired' exactly when
// the code expires. Rescheduled after every render from the real clock, so it never drifts.
import { useEffect, useState } from 'react';

export function useNow(deadline: number): number {
  const [, setTick] = useState(0);
  const now = Date.now();
  useEffect(() => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return;
    // Wake where the displayed (rounded-up) seconds change.
    const delay = remaining % 1000 === 0 ? 1000 : remaining % 1000;
    const timer = setTimeout(() => setTick((tick) => tick + 1), delay);
    return () => clearTimeout(timer);
  });
  return now;
}
