// Where HAProxy lives on this machine: the balancer test (packages/server/src/balancer.test.ts) puts three server
// instances behind Debian's `haproxy` package. Shared by scripts/ensure-haproxy.mjs and that test.
import { findExecutable } from './system-tool.mjs';

/** Debian installs it in /usr/sbin, which is not on every user's PATH; HAPROXY_PATH wins when it is set. */
export const HAPROXY_CANDIDATES = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'];

/** How to get it, for every message that says it is missing. */
export const HAPROXY_HOW_TO =
  'Install HAProxy (Debian/Ubuntu: `sudo apt-get install -y --no-install-recommends haproxy`, or run ' +
  '`node scripts/ensure-haproxy.mjs` as root) or set HAPROXY_PATH to a haproxy executable.';

/**
 * Returns the haproxy executable to use, or null when none is installed. A HAPROXY_PATH that points nowhere is an
 * error rather than a silent fallback: the user asked for it.
 */
export function findHaproxy({ env = process.env } = {}) {
  return findExecutable({ envVar: 'HAPROXY_PATH', command: 'haproxy', candidates: HAPROXY_CANDIDATES, env });
}
