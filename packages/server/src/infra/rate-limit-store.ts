// Where rate-limit counters live (issue 9 item 1): "in memory on PGlite (one process by nature), in PostgreSQL when
// DATABASE_URL is set, in Redis when REDIS_URL is set, so any number of instances share one budget".
//
// Every store is a rate-limiter-flexible limiter per limit name. Keys already carry their window number, taken from
// the app's clock (infra/rate-limits.ts), so a store's own duration only expires old windows: twice the window, so
// the current one is never dropped early. A store that cannot answer fails closed: RateLimits turns its error into
// a 503 (never a 500, never "allowed"), and nothing here falls back to memory — a fallback would hand each instance
// its own budget again, exactly what a shared store is for.
//
// - PostgreSQL: the app's own pool (infra/db/postgres-pool.ts, every wait bounded) and one table, rate_limits
//   (migration 0008), shared by every limit through a key prefix per limit name. The table is created by the
//   migration, never by the limiter (`tableCreated: true`), and expired rows are purged in bounded batches by the
//   app's purge cycle (infra/purge.ts schedule), not by the library's own unstoppable timers.
// - Redis: one ioredis client per app, answering fast during an outage: no offline queue (a command while
//   disconnected fails at once), the limiter refuses while the connection is not ready, and connecting and each
//   command are bounded. It reconnects on its own; service resumes without a restart.

import type { FastifyBaseLogger } from 'fastify';
import { Redis, type RedisOptions } from 'ioredis';
import type { Pool } from 'pg';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRedis } from 'rate-limiter-flexible';
import { PURGE_BATCH_SIZE, PURGE_MAX_BATCHES_PER_TABLE } from './purge';
import type { LimiterFactory, RateLimit } from './rate-limits';

export type LimiterStoreKind = 'memory' | 'postgres' | 'redis';

/** The table of migration 0008 (schema.ts rateLimits). */
export const RATE_LIMIT_TABLE = 'rate_limits';

/** Redis is shared with other software: every key of this app starts with this (and the limit's name). */
export const DEFAULT_REDIS_KEY_PREFIX = 'gatehouse:rate-limit';

/**
 * Redis bounds, in milliseconds. A limited call waits for Redis before it does anything, so an outage must answer
 * within a second or so (security-tests.md FT-01 asks 5 s of the database): connecting, and each command on a
 * connection that stopped answering, give up after these. A healthy Redis on the same network answers in well
 * under a millisecond.
 */
export const REDIS_TIMEOUTS = { connectMs: 1000, commandMs: 1000, maxReconnectDelayMs: 1000 } as const;

/** The store's own expiry: two windows, so the current window (its number in the key) outlives itself. */
function storeDurationSeconds(limit: RateLimit): number {
  return limit.durationSeconds * 2;
}

/** `<prefix>:<limit name>`, or the name alone without a prefix. */
function prefixed(prefix: string | undefined, name: string): string {
  return prefix === undefined || prefix === '' ? name : `${prefix}:${name}`;
}

/**
 * The longest expiry of a memory key: the library expires it with a setTimeout, and Node runs a timer longer than
 * 2^31 - 1 ms (24.8 days) at once, which would drop the count a moment after it was taken (a window of more than
 * 12.4 days set through RATE_LIMITS). Clamped, such a key lives 24.8 days from its first point instead.
 */
export const MEMORY_MAX_EXPIRY_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/** Counters in this process's memory (one set per app): PGlite, or a single instance. */
export const memoryLimiters: LimiterFactory = (name, limit) =>
  new RateLimiterMemory({
    keyPrefix: name,
    points: limit.points,
    duration: Math.min(storeDurationSeconds(limit), MEMORY_MAX_EXPIRY_SECONDS),
  });

export interface SharedStoreOptions {
  /** Before every key, after any default (tests give each app a random one; siblings share it). */
  keyPrefix?: string;
}

/** Counters in PostgreSQL's rate_limits table through the app's pool: every instance on the database shares them. */
export function postgresLimiters(pool: Pool, options: SharedStoreOptions = {}): LimiterFactory {
  return (name, limit) =>
    new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      // The migration made it; the limiter must never run DDL (no CREATE rights needed at run time).
      tableCreated: true,
      // Expired rows go with the app's purge cycle (purgeExpiredCounters), not a timer per limiter that never stops.
      clearExpiredByTimeout: false,
      keyPrefix: prefixed(options.keyPrefix, name),
      points: limit.points,
      duration: storeDurationSeconds(limit),
    });
}

/** Counters in Redis through one client per app: every instance on the Redis shares them. */
export function redisLimiters(client: Redis, options: SharedStoreOptions = {}): LimiterFactory {
  const base = prefixed(DEFAULT_REDIS_KEY_PREFIX, options.keyPrefix ?? '');
  return (name, limit) =>
    new RateLimiterRedis({
      storeClient: client,
      // A refusal at once instead of a command sent into a connection that is not up (fails closed, fast).
      rejectIfRedisNotReady: true,
      keyPrefix: `${base}:${name}`,
      points: limit.points,
      duration: storeDurationSeconds(limit),
    });
}

/** The ioredis options of the limiter client: fail fast while Redis is away, reconnect on its own. */
export function redisClientOptions(): RedisOptions {
  return {
    lazyConnect: true,
    // A command while disconnected fails at once instead of waiting in a queue for a reconnection.
    enableOfflineQueue: false,
    // A command in flight when the connection drops fails instead of being sent again after a reconnection.
    maxRetriesPerRequest: 0,
    connectTimeout: REDIS_TIMEOUTS.connectMs,
    commandTimeout: REDIS_TIMEOUTS.commandMs,
    // Keep trying while the app runs (quickly: service resumes as soon as Redis is back).
    retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_TIMEOUTS.maxReconnectDelayMs),
  };
}

/**
 * Deletes expired PostgreSQL counters in bounded batches (the purge cycle's sizes, infra/purge.ts), oldest first
 * through the expire index, skipping rows a limiter holds. `expire` is written from the server's clock by the
 * library, so it is compared with that clock too. Returns how many rows went.
 */
export async function purgeExpiredCounters(
  pool: Pool,
  options: { nowMs?: number; batchSize?: number; maxBatches?: number } = {},
): Promise<number> {
  const batchSize = options.batchSize ?? PURGE_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? PURGE_MAX_BATCHES_PER_TABLE;
  const nowMs = options.nowMs ?? Date.now();
  let deleted = 0;
  let last = batchSize;
  for (let batch = 0; batch < maxBatches && last === batchSize; batch += 1) {
    const result = await pool.query(
      `DELETE FROM ${RATE_LIMIT_TABLE} WHERE key IN (
         SELECT key FROM ${RATE_LIMIT_TABLE} WHERE expire < $1 ORDER BY expire LIMIT $2 FOR UPDATE SKIP LOCKED)`,
      [nowMs, batchSize],
    );
    last = result.rowCount ?? 0;
    deleted += last;
  }
  return deleted;
}

/** The store an app's limits use, with what it must do over the app's life. */
export interface LimiterStore {
  kind: LimiterStoreKind;
  createLimiter: LimiterFactory;
  /** Deletes expired counters where the store does not expire them itself (PostgreSQL); 0 elsewhere. */
  purgeExpired(): Promise<number>;
  /** Releases what the store opened (the Redis connection); the database pool is the database's to close. */
  close(): Promise<void>;
  /**
   * Redis only (null elsewhere): whether it answers a PING now, within REDIS_TIMEOUTS (GET /health/ready,
   * infra/health.ts). False at once while the client is not connected.
   */
  ping: (() => Promise<boolean>) | null;
}

/**
 * Issue 9 item 1 and DESIGN.md "Real parts": REDIS_URL set → Redis; else a PostgreSQL database (DATABASE_URL) →
 * PostgreSQL; else memory. `requested` (buildApp's limiterStore option, tests) overrides the choice.
 */
export function chooseLimiterStore(options: {
  requested?: LimiterStoreKind;
  redisUrl: string | null;
  databaseKind: 'pglite' | 'postgres';
}): LimiterStoreKind {
  if (options.requested !== undefined) return options.requested;
  if (options.redisUrl !== null) return 'redis';
  return options.databaseKind === 'postgres' ? 'postgres' : 'memory';
}

export interface OpenLimiterStoreOptions extends SharedStoreOptions {
  kind: LimiterStoreKind;
  /** The app's PostgreSQL pool, or null on PGlite. */
  pool: Pool | null;
  redisUrl: string | null;
  log: FastifyBaseLogger;
}

/** Opens the chosen store; says in the log which one holds the counters. */
export async function openLimiterStore(options: OpenLimiterStoreOptions): Promise<LimiterStore> {
  const { kind, log } = options;
  if (kind === 'memory') {
    log.info({ store: kind }, 'rate-limit counters in this process (one instance only)');
    return {
      kind,
      createLimiter: memoryLimiters,
      purgeExpired: async () => 0,
      close: async () => {},
      ping: null,
    };
  }
  if (kind === 'postgres') {
    const pool = options.pool;
    if (pool === null) throw new Error('the PostgreSQL rate-limit store needs a PostgreSQL database');
    log.info({ store: kind }, 'rate-limit counters in PostgreSQL (shared by every instance)');
    return {
      kind,
      createLimiter: postgresLimiters(pool, options),
      purgeExpired: () => purgeExpiredCounters(pool),
      close: async () => {},
      ping: null,
    };
  }
  if (options.redisUrl === null) throw new Error('the Redis rate-limit store needs REDIS_URL');
  const client = await connectRedis(options.redisUrl, log);
  log.info({ store: kind }, 'rate-limit counters in Redis (shared by every instance)');
  return {
    kind,
    createLimiter: redisLimiters(client, options),
    purgeExpired: async () => 0,
    close: async () => {
      client.disconnect();
    },
    ping: async () => client.status === 'ready' && (await client.ping().catch(() => null)) === 'PONG',
  };
}

/**
 * The app's Redis client, connected when Redis answers. A Redis that is down at start does not stop the start:
 * limited calls answer 503 until it is back (the client keeps reconnecting), everything else serves. Outages are
 * logged once when they begin and once when they end, not at every reconnection attempt.
 */
async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const client = new Redis(url, redisClientOptions());
  let healthy = true;
  client.on('error', (error: Error & { code?: string }) => {
    if (!healthy) return;
    healthy = false;
    log.error(
      { redis: { code: error.code ?? null, message: error.message } },
      'Redis unreachable: rate-limited calls answer 503 until it is back',
    );
  });
  client.on('ready', () => {
    if (healthy) return;
    healthy = true;
    log.info('Redis reachable again: rate-limited calls are served');
  });
  // connect() settles on the first ready or failure; retries go on in the background either way.
  await client.connect().catch(() => undefined);
  return client;
}
