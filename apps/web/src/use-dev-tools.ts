// Development-only links: the server answers GET /dev/project with 200 outside production only, so its
// answer decides whether the footer links to the dev outbox.
import { useEffect, useState } from 'react';

export function useDevToolsAvailable(fetchImpl: typeof fetch = fetch): boolean {
  const [available, setAvailable] = useState(false);
  useEffect(() => {
    let cancelled = false;
    fetchImpl('/dev/project', { headers: { accept: 'application/json' } })
      .then((response) => {
        if (!cancelled) setAvailable(response.ok);
      })
      .catch(() => {
        // No dev endpoints (production, or the server is down): no link.
      });
    return () => {
      cancelled = true;
    };
  }, [fetchImpl]);
  return available;
}
