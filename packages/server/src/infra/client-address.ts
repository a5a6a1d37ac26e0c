// Client addresses (issue 9 item 2; security-tests.md BF-02; ASVS V4.1.3 / V15.3.4). Per-IP limits, session
// attributes and logs read request.ip. It is the socket's address unless TRUSTED_PROXIES says which
// X-Forwarded-For hops to believe; without it X-Forwarded-For is ignored entirely, so a client cannot pick its own
// address (and with it a fresh per-IP budget) by sending the header.
//
// The value goes to Fastify's own `trustProxy` option (proxy-addr), so request.ip is the same everywhere:
// - a hop count `n`: the socket and the n-1 nearest X-Forwarded-For entries are proxies; the client is the entry
//   before them (`1` = one proxy in front: the rightmost X-Forwarded-For entry). Only safe when nothing reaches
//   the server except through those proxies: a direct client could send a made-up X-Forwarded-For entry;
// - addresses and CIDRs (`10.0.0.0/8,::1`, plus proxy-addr's names loopback, linklocal, uniquelocal): walking
//   from the socket towards the left, every hop in the list is a proxy; the first one not in it is the client. A
//   client-supplied leftmost entry is believed only when every hop to its right is a trusted proxy.
import { BlockList, isIP } from 'node:net';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { RuntimeEnvironment } from './context';

/** TRUSTED_PROXIES as Fastify's trustProxy takes it: a hop count, or addresses / CIDRs / proxy-addr names. */
export type TrustedProxies = number | readonly string[];

/** The names proxy-addr understands for whole address ranges. */
export const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'] as const;

/** More hops than any real chain of proxies; a larger count is a typo. */
export const MAX_PROXY_HOPS = 16;

/** TRUSTED_PROXIES parsed, or the problem with it (config.ts names the key). */
export function parseTrustedProxies(raw: string): { value: TrustedProxies } | { problem: string } {
  const allowed = `allowed: a hop count from 1 to ${MAX_PROXY_HOPS} (the number of proxies in front of the server), or a comma list of proxy addresses and CIDRs such as 10.0.0.0/8,::1 (also ${PROXY_RANGE_NAMES.join(', ')})`;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops < 1 || hops > MAX_PROXY_HOPS) return { problem: `is ${raw}; ${allowed}` };
    return { value: hops };
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = proxyEntryProblem(entry);
    if (problem !== null) return { problem: `has "${entry}": ${problem}; ${allowed}` };
  }
  return { value: [...new Set(entries)] };
}

function proxyEntryProblem(entry: string): string | null {
  if (entry === '') return 'an empty entry';
  if ((PROXY_RANGE_NAMES as readonly string[]).includes(entry)) return null;
  const slash = entry.indexOf('/');
  const address = slash === -1 ? entry : entry.slice(0, slash);
  // A zone (fe80::1%eth0) is never part of a socket's address as proxy-addr compares it.
  const version = address.includes('%') ? 0 : isIP(address);
  if (version === 0) return 'not an IPv4 or IPv6 address';
  if (slash === -1) return null;
  const prefix = entry.slice(slash + 1);
  const max = version === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > max) return `the prefix length must be 1 to ${max}`;
  // Trusting every address would make the leftmost X-Forwarded-For entry — the client's own words — the address.
  if (Number(prefix) === 0) return 'trusts every address, so any client could choose its own address';
  return null;
}

/**
 * Issue 26 item 1 (CONSOLE_ALLOWED_IPS): a comma list of IPv4/IPv6 addresses and CIDRs, or the problem with it. A
 * prefix of 0 (every address) is refused: leaving the list unset says that plainly.
 */
export function parseAddressList(raw: string): { value: string[] } | { problem: string } {
  const allowed = 'allowed: a comma list of addresses and CIDRs such as 10.0.0.0/8,192.0.2.7,::1';
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const problem = (PROXY_RANGE_NAMES as readonly string[]).includes(entry)
      ? 'a range name; write its CIDRs'
      : proxyEntryProblem(entry);
    if (problem !== null) {
      return {
        problem: `has "${entry}": ${problem.replace('any client could choose its own address', 'unset the list instead')}; ${allowed}`,
      };
    }
  }
  return { value: [...new Set(entries)] };
}

/** A matcher for a list parseAddressList accepted; an IPv4-mapped IPv6 address matches as its IPv4 address. */
export function addressMatcher(entries: readonly string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const slash = entry.indexOf('/');
    const address = slash === -1 ? entry : entry.slice(0, slash);
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (slash === -1) list.addAddress(address, family);
    else list.addSubnet(address, Number(entry.slice(slash + 1)), family);
  }
  return (raw) => {
    const address = raw.startsWith('::ffff:') && isIP(raw.slice(7)) === 4 ? raw.slice(7) : raw;
    const family = isIP(address);
    if (family === 0) return false;
    return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/**
 * Fastify's trustProxy option for the configured value (false: X-Forwarded-For is ignored). A hop count becomes a
 * function: Fastify 5.12 fails closed on a bare number (it cannot tell the proxy from a direct client), so the
 * count is proxy-addr's own rule, spelled out — hops 0..n-1 (the socket first) are proxies.
 */
export function trustProxyOption(
  trusted: TrustedProxies | null,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trusted === null) return false;
  if (typeof trusted === 'number') return (_address, hop) => hop < trusted;
  return [...trusted];
}

/** Loopback, private (RFC 1918, RFC 4193), shared (RFC 6598) and link-local ranges: where proxies usually sit. */
function privateRanges(): { loopback: BlockList; private: BlockList } {
  const loopback = new BlockList();
  loopback.addSubnet('127.0.0.0', 8, 'ipv4');
  loopback.addAddress('::1', 'ipv6');
  const ranges = new BlockList();
  for (const [network, prefix] of [
    ['127.0.0.0', 8],
    ['10.0.0.0', 8],
    ['172.16.0.0', 12],
    ['192.168.0.0', 16],
    ['100.64.0.0', 10],
    ['169.254.0.0', 16],
  ] as const) {
    ranges.addSubnet(network, prefix, 'ipv4');
  }
  ranges.addAddress('::1', 'ipv6');
  ranges.addSubnet('fc00::', 7, 'ipv6');
  ranges.addSubnet('fe80::', 10, 'ipv6');
  return { loopback, private: ranges };
}

function inList(list: BlockList, address: string): boolean {
  const version = isIP(address);
  // IPv4-mapped IPv6 addresses (a dual-stack listener's ::ffff:10.0.0.1) match the IPv4 rules.
  return version !== 0 && list.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** How many requests the watch looks at before it decides (once) whether to warn. */
export const SINGLE_ADDRESS_SAMPLE = 50;

export interface SingleAddressWatchOptions {
  env: RuntimeEnvironment;
  log: FastifyBaseLogger;
  sampleSize?: number;
}

export const SINGLE_ADDRESS_WARNING =
  'every request so far came through one address: if a proxy or load balancer is in front of this server, set TRUSTED_PROXIES (its addresses or CIDRs, or the number of proxies) — until then every client shares one per-IP rate-limit budget and sessions record the proxy as their address';

/**
 * Issue 9 item 2: an onRequest hook, installed only while TRUSTED_PROXIES is unset, that warns once when the
 * traffic looks proxied. It looks at the first `sampleSize` requests (their socket addresses; constant memory),
 * decides once and then only returns. It warns when
 * - every sampled request carried X-Forwarded-For (which is ignored) and they all came from one address or all
 *   from private/loopback addresses (a proxy, or a few of them, in front); or
 * - in production, every sampled request came from one address that is not loopback.
 * Loopback traffic without X-Forwarded-For (development, tests, a local health check) never warns.
 */
export function createSingleAddressWatch(options: SingleAddressWatchOptions) {
  const sampleSize = options.sampleSize ?? SINGLE_ADDRESS_SAMPLE;
  const ranges = privateRanges();
  let seen = 0;
  let first: string | null = null;
  let oneAddress = true;
  let allForwarded = true;
  let allPrivate = true;

  const decide = (): void => {
    if (first === null) return;
    const forwarded = allForwarded && (oneAddress || allPrivate);
    const lonely = oneAddress && options.env === 'production' && !inList(ranges.loopback, first);
    if (!forwarded && !lonely) return;
    options.log.warn(
      {
        address: oneAddress ? first : null,
        requests: seen,
        forwardedFor: allForwarded ? 'present on every request, ignored' : 'absent',
      },
      SINGLE_ADDRESS_WARNING,
    );
  };

  return function singleAddressWatch(
    request: FastifyRequest,
    _reply: FastifyReply,
    done: HookHandlerDoneFunction,
  ): void {
    if (seen < sampleSize) {
      const address = request.socket.remoteAddress ?? '';
      seen += 1;
      if (first === null) first = address;
      else if (address !== first) oneAddress = false;
      if (request.headers['x-forwarded-for'] === undefined) allForwarded = false;
      if (!inList(ranges.private, address)) allPrivate = false;
      if (seen === sampleSize) decide();
    }
    done();
  };
}
