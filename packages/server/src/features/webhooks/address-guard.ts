// Issue 25 item 2 (SSRF): "In production a webhook URL must be https and must not resolve to a private, loopback or
// link-local address (the check at delivery time, not only at save time); development allows loopback."
//
// The host is resolved once per attempt, every address it resolves to is checked (one private address among public
// ones refuses the URL: a round-robin name must not reach the inside on some attempts), and the connection goes to
// the address that was checked (deliver.ts pins it through the request's `lookup`), so a name that resolves to a
// public address for the check and to 127.0.0.1 for the connection (DNS rebinding) reaches nothing.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';

/** An address as a resolver returns it. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address of a host name (tests inject one: a name resolving to 10.0.0.1 needs no DNS server). */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) => {
  const found = await dnsLookup(hostname, { all: true, verbatim: true });
  return found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
};

/**
 * A resolution that has not answered by then refuses the attempt (getaddrinfo has no timeout of its own, and an
 * attempt must end well within the worker's lease).
 */
export const RESOLVE_TIMEOUT_MS = 5_000;

function withTimeout<T>(promise: Promise<T>, ms: number, host: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`${host} did not resolve in time`), { code: 'ETIMEOUT' })),
      ms,
    );
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Why a webhook URL may not be called; the message is for the delivery log and the admin API's 400. */
export class WebhookUrlRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookUrlRefused';
  }
}

/** Where one attempt connects: the URL, and the checked address the socket is pinned to. */
export interface DeliveryTarget {
  url: URL;
  address: string;
  family: 4 | 6;
}

/**
 * The URL's syntax and scheme: absolute http(s), no credentials; https only in production. Checked on save (with
 * no resolution, see assertPublicTarget) and again before each attempt.
 */
export function parseWebhookUrl(raw: string, options: { production: boolean }): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlRefused('is not an absolute URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new WebhookUrlRefused('must be an http(s) URL');
  }
  if (options.production && url.protocol !== 'https:') {
    throw new WebhookUrlRefused('must be an https URL in production');
  }
  if (url.username !== '' || url.password !== '') {
    throw new WebhookUrlRefused('must not carry credentials');
  }
  return url;
}

/**
 * Resolves the URL's host and, in production, refuses it unless every address is public. Outside production any
 * address is allowed (a receiver on loopback in development and tests).
 */
export async function resolveDeliveryTarget(
  raw: string,
  options: { production: boolean; resolve: HostResolver },
): Promise<DeliveryTarget> {
  const url = parseWebhookUrl(raw, options);
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal !== 0) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await withTimeout(options.resolve(host), RESOLVE_TIMEOUT_MS, host);
    } catch (error) {
      throw new WebhookUrlRefused(
        `host ${host} does not resolve (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      );
    }
    if (addresses.length === 0) throw new WebhookUrlRefused(`host ${host} does not resolve`);
  }
  if (options.production) {
    for (const entry of addresses) {
      const forbidden = forbiddenRange(entry.address);
      if (forbidden !== null) {
        throw new WebhookUrlRefused(
          literal !== 0
            ? `address ${entry.address} is ${forbidden}`
            : `host ${host} resolves to ${entry.address}, which is ${forbidden}`,
        );
      }
    }
  }
  const [first] = addresses;
  return { url, address: first!.address, family: first!.family };
}

/**
 * What kind of non-public address this is ('loopback', 'private', 'link-local', …), or null for a public one. An
 * address that does not parse counts as forbidden.
 */
export function forbiddenRange(address: string): string | null {
  const kind = isIP(address);
  if (kind === 4) return forbiddenIpv4(ipv4Bytes(address)!);
  if (kind !== 6) return 'not an IP address';
  const bytes = ipv6Bytes(address);
  if (bytes === null) return 'not an IP address';
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  // ::ffff:a.b.c.d (IPv4-mapped), ::a.b.c.d (IPv4-compatible, deprecated) and 64:ff9b::a.b.c.d (NAT64) reach the
  // IPv4 address they embed.
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return forbiddenIpv4(bytes.slice(12));
  if (zeros(0, 15) && (bytes[15] === 0 || bytes[15] === 1)) {
    return bytes[15] === 1 ? 'loopback' : 'unspecified';
  }
  if (zeros(0, 12)) return forbiddenIpv4(bytes.slice(12)) ?? 'IPv4-compatible';
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12)) {
    return forbiddenIpv4(bytes.slice(12));
  }
  const first = bytes[0]!;
  const second = bytes[1]!;
  if ((first & 0xfe) === 0xfc) return 'private (unique local)';
  if (first === 0xfe && (second & 0xc0) === 0x80) return 'link-local';
  if (first === 0xfe && (second & 0xc0) === 0xc0) return 'site-local';
  if (first === 0xff) return 'multicast';
  // 2002::/16 (6to4) embeds an IPv4 address in bytes 2..5.
  if (first === 0x20 && second === 0x02) return forbiddenIpv4(bytes.slice(2, 6));
  return null;
}

function forbiddenIpv4(bytes: number[]): string | null {
  const [a, b, c] = bytes as [number, number, number, number];
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 100 && b >= 64 && b <= 127) return 'shared (CGNAT)';
  if (a === 192 && b === 0 && c === 0) return 'reserved (IETF)';
  if (a === 198 && (b === 18 || b === 19)) return 'reserved (benchmarking)';
  if (a >= 224) return a < 240 ? 'multicast' : 'reserved';
  return null;
}

function ipv4Bytes(address: string): number[] | null {
  const parts = address.split('.').map(Number);
  return parts.length === 4 && parts.every((part) => Number.isInteger(part) && part >= 0 && part <= 255)
    ? parts
    : null;
}

/** The 16 bytes of an IPv6 address (with `::` and a trailing dotted quad), zone id dropped. */
function ipv6Bytes(address: string): number[] | null {
  let text = address.split('%')[0]!.toLowerCase();
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    // A trailing a.b.c.d is the last two groups.
    const quad = ipv4Bytes(text.slice(lastColon + 1));
    if (quad === null) return null;
    const [a, b, c, d] = quad as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const head = groups(halves[0]);
  const rest = groups(halves[1]);
  const fill = halves.length === 2 ? 8 - head.length - rest.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const bytes: number[] = [];
  for (const group of [...head, ...Array<string>(fill).fill('0'), ...rest]) {
    if (!/^[0-9a-f]{1,4}$/.test(group)) return null;
    const value = Number.parseInt(group, 16);
    bytes.push(value >> 8, value & 0xff);
  }
  return bytes.length === 16 ? bytes : null;
}
