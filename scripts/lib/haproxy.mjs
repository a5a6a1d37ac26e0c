// Where HAProxy lives on this machine: the balancer test (packages/server/src/balancer.test.ts) puts three server
// instances behind Debian's `haproxy` package. Shared by scripts/ensure-haproxy.mjs and that test.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Debian installs it in /usr/sbin, which is not on every user's PATH; HAPROXY_PATH wins when it is set. */
export const HAPROXY_CANDIDATES = ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy'];

/** How to get it, for every message that says it is missing. */
export const HAPROXY_HOW_TO =
  'Install HAProxy (Debian/Ubuntu: `sudo apt-get install -y --no-install-recommends haproxy`, or run ' +
  '`node scripts/ensure-haproxy.mjs` as root) or set HAPROXY_PATH to a haproxy executable.';

function isExecutable(path) {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns the haproxy executable to use, or null when none is installed. A HAPROXY_PATH that points nowhere is an
 * error rather than a silent fallback: the user asked for it.
 */
export function findHaproxy({ env = process.env } = {}) {
  const explicit = env.HAPROXY_PATH;
  if (explicit) {
    if (!isExecutable(explicit)) throw new Error(`HAPROXY_PATH=${explicit} is not an executable file.`);
    return explicit;
  }
  const onPath = (env.PATH ?? '')
    .split(delimiter)
    .filter(Boolean)
    .map((dir) => join(dir, 'haproxy'));
  return [...onPath, ...HAPROXY_CANDIDATES].find(isExecutable) ?? null;
}
