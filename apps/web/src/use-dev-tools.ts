// Development-only features: the server answers GET /dev/project with 200 outside production only, so its
// answer decides whether the footer links to the dev outbox and whether the sign-in page honours the widget
// overrides in the query string (widget-config.ts). One request per page load, shared by every caller.
import { useEffect, useState } from 'react';

const answers = new WeakMap<typeof fetch, Promise<boolean>>();

function devToolsAvailable(fetchImpl: typeof fetch): Promise<boolean> {
  let answer = answers.get(fetchImpl);
  if (answer === undefined) {
    answer = fetchImpl('/dev/project', { headers: { accept: 'application/json' } }).then(
      (response) => response.ok,
      // No dev endpoints reachable (the server is down): treat as production.
      () => false,
    );
    answers.set(fetchImpl, answer);
  }
  return answer;
}

/** true/false once the server answered; null while the answer is pending or when `enabled` is false. */
export function useDevTools(fetchImpl: typeof fetch = fetch, enabled = true): boolean | null {
  const [available, setAvailable] = useState<boolean | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    devToolsAvailable(fetchImpl).then((value) => {
      if (!cancelled) setAvailable(value);
    });
    return () => {
      cancelled = true;
    };
  }, [fetchImpl, enabled]);
  return enabled ? available : null;
}

export function useDevToolsAvailable(fetchImpl: typeof fetch = fetch): boolean {
  return useDevTools(fetchImpl) === true;
}
