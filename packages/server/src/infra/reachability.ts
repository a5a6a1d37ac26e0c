// Issue 26 item 3 (System: "SMTP and SMS provider reachability"): whether a provider's host answers a TCP connection
// now. Only a connection is opened and closed again: nothing is sent, no credential is presented (a check the
// console repeats must not log in to the mail server or spend anything at the SMS provider), and the answer names
// the host and port only, never the URL's user, password or path.
import { connect } from 'node:net';

export interface ReachabilityReport {
  /** `host:port`: never the URL's credentials. */
  target: string;
  reachable: boolean;
  latencyMs: number | null;
  /** Why not, in a few words (`timeout`, `ECONNREFUSED`), for the operator; null when reachable. */
  error: string | null;
}

const DEFAULT_PORTS: Readonly<Record<string, number>> = {
  'smtp:': 587,
  'smtps:': 465,
  'https:': 443,
  'http:': 80,
};

/** `host:port` of a URL (its scheme's port when it names none), or null when it cannot be read. */
export function hostAndPort(url: string): { host: string; port: number } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const port = parsed.port === '' ? DEFAULT_PORTS[parsed.protocol] : Number(parsed.port);
  if (parsed.hostname === '' || port === undefined) return null;
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}

/** Opens a TCP connection to the URL's host and port within `timeoutMs`, then closes it. */
export async function probeReachability(
  url: string,
  options: { timeoutMs: number; now?: () => number },
): Promise<ReachabilityReport> {
  const now = options.now ?? (() => performance.now());
  const address = hostAndPort(url);
  if (address === null)
    return { target: 'unreadable URL', reachable: false, latencyMs: null, error: 'invalid_url' };
  const target = `${address.host.includes(':') ? `[${address.host}]` : address.host}:${address.port}`;
  const started = now();
  return new Promise((resolve) => {
    const socket = connect({ host: address.host, port: address.port });
    const finish = (error: string | null) => {
      socket.destroy();
      resolve({
        target,
        reachable: error === null,
        latencyMs: error === null ? Math.round(now() - started) : null,
        error,
      });
    };
    socket.setTimeout(options.timeoutMs, () => finish('timeout'));
    socket.once('connect', () => finish(null));
    socket.once('error', (error: NodeJS.ErrnoException) => finish(error.code ?? 'connection_error'));
  });
}
