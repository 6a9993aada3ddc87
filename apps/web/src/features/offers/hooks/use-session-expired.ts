import { useEffect, useState } from 'react';

/** True once the browser clock passes `deadline` (ms); a new deadline starts a new wait. */
export function useSessionExpired(deadline: number | null): boolean {
  const [expiredDeadline, setExpiredDeadline] = useState<number | null>(null);

  useEffect(() => {
    if (deadline === null) return;
    const expire = () => setExpiredDeadline(deadline);
    const timer = window.setTimeout(expire, Math.max(0, deadline - Date.now()));
    // Phones freeze timers in background tabs; check again when the page comes back.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && Date.now() >= deadline) expire();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [deadline]);

  return deadline !== null && expiredDeadline === deadline;
}
