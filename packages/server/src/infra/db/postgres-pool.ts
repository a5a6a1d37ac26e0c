// The PostgreSQL connection pool (node-postgres), built to fail fast and to heal by itself (issue 8 item 5,
// security-tests.md FT-01: during an outage requests answer 503 within 5 s, nothing hangs, and service resumes
// without a restart once the database is back).
//
// Every wait is bounded (client side, because a vanished host answers nothing at all):
//   - connectionTimeoutMillis: getting a client — waiting for a free one AND opening a new connection;
//   - query_timeout: waiting for the answer to one statement (pg's read timeout);
//   - statement_timeout (server side, sent at connect): the server cancels a slow statement first (57014), so the
//     connection stays usable and the client-side timeout only fires when the network or server is gone;
//   - keepAlive: an idle pooled connection whose peer vanished is noticed and dropped before it is handed out.
//
// What node-postgres does NOT do on its own (read in pg 8 client.js and pg-pool 3 index.js), and this file adds:
//   1. A checked-out client has no 'error' listener (pg-pool removes its own at checkout): a connection that dies
//      under a drizzle transaction would emit an unhandled 'error' and crash the process. Every client gets one.
//   2. After a query read timeout (non-pipelined), pg leaves the client "queryable" with the unanswered query still
//      active: later queries queue behind it and time out too. drizzle's transaction then waits another full
//      timeout for its ROLLBACK and releases the client WITHOUT an error, so pg-pool puts it back in the pool to
//      poison later requests; and when BEGIN itself fails, drizzle never releases the client at all, so the pool
//      slot leaks for good. Here a checked-out client whose connection failed (read timeout, or a socket error) is
//      evicted at once: released to pg-pool with the error, which removes it and destroys its socket — the
//      transaction's ROLLBACK fails immediately instead of waiting, and the holder's own later release is ignored.
//   3. A client handed back inside an open transaction (status not idle) is never reused.
import type { Pool, PoolClient } from 'pg';

/** Every bound on a wait for PostgreSQL, in milliseconds. */
export interface PostgresTimeouts {
  /** Getting a client from the pool: waiting for a free one, or opening a new connection. */
  connectMs: number;
  /** Client side: the longest wait for the answer to one statement. */
  queryMs: number;
  /** Server side (`statement_timeout`): the longest a statement may run. Below queryMs. */
  statementMs: number;
}

/**
 * FT-01 asks for a 503 within 5 s. In an outage a database call ends after connectMs when no connection can be had
 * (a broken client is evicted, never handed to a waiter) or after queryMs on a connection that stopped answering:
 * about 2 s. The session check may first wait for one batch already in flight (features/sessions/session-lookup.ts):
 * about 4 s. Only a call that waited for a free client of a saturated pool and then got one that stopped answering
 * can take connectMs + queryMs. A healthy connection opens in milliseconds and every statement of the request path
 * is an indexed lookup or a small write, so these bounds only bite when something is broken. statementMs sits below
 * queryMs so that a merely slow statement is cancelled by the server (the connection stays usable) before the
 * client gives up on the connection.
 */
export const DEFAULT_POSTGRES_TIMEOUTS: Readonly<PostgresTimeouts> = {
  connectMs: 2000,
  queryMs: 2000,
  statementMs: 1500,
};

/** TCP keepalive probes start after this much idle time on a pooled connection. */
export const POSTGRES_KEEPALIVE_DELAY_MS = 10_000;

/** pg's message for a query_timeout (client.js); the connection's state is then unknown. */
const QUERY_READ_TIMEOUT_MESSAGE = 'Query read timeout';

export interface PostgresPoolOptions {
  url: string;
  max: number;
  timeouts: PostgresTimeouts;
}

/** `PoolClass` is pg.Pool, passed in because client.ts loads pg only when PostgreSQL is used. */
export function createPostgresPool(PoolClass: typeof Pool, options: PostgresPoolOptions): Pool {
  const pool = new PoolClass({
    connectionString: options.url,
    max: options.max,
    connectionTimeoutMillis: options.timeouts.connectMs,
    query_timeout: options.timeouts.queryMs,
    statement_timeout: options.timeouts.statementMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: POSTGRES_KEEPALIVE_DELAY_MS,
  });
  // An idle client's connection can die (server restart, network cut, a test dropping its database): pg-pool
  // removes that client and emits 'error', which would crash the process without a listener. Nothing else to do:
  // the next checkout opens a new connection, and requests that fail report themselves.
  pool.on('error', () => {});
  guardCheckouts(pool);
  return pool;
}

/** One checkout of a client from the pool. */
interface Checkout {
  /** pg-pool's release function for this checkout. */
  release: (error?: Error | boolean) => void;
  /** Given back, by its holder or by eviction. */
  done: boolean;
  /** Given back by eviction: the holder's own release, still to come, is expected and ignored. */
  evicted: boolean;
}

/** Points 1–3 of the header comment. */
function guardCheckouts(pool: Pool): void {
  const checkouts = new WeakMap<PoolClient, Checkout>();

  const evict = (client: PoolClient, error: Error): void => {
    const checkout = checkouts.get(client);
    // An idle client is pg-pool's to remove (its idle listener does).
    if (checkout === undefined || checkout.done) return;
    checkout.done = true;
    checkout.evicted = true;
    // With an error pg-pool removes the client and ends it, destroying the socket when a query is still active.
    checkout.release(error);
  };

  // 'connect' fires once per new client, before its first checkout is handed out.
  pool.on('connect', (client) => {
    client.on('error', (error: Error) => evict(client, error));
    watchQueryErrors(client, (error) => {
      if (error.message === QUERY_READ_TIMEOUT_MESSAGE) evict(client, error);
    });
  });

  const lease = (client: PoolClient): PoolClient => {
    const checkout: Checkout = { release: client.release, done: false, evicted: false };
    checkouts.set(client, checkout);
    client.release = (error?: Error | boolean) => {
      if (checkout.done) {
        if (checkout.evicted) return;
        // A second release by the holder: pg-pool throws, as it should for that bug.
        checkout.release(error);
        return;
      }
      checkout.done = true;
      if (!error && client.getTransactionStatus() !== 'I') {
        checkout.release(new Error('client released inside an open transaction'));
        return;
      }
      checkout.release(error);
    };
    return client;
  };

  // pg-pool's query() and drizzle's transaction() both check out through connect(): one place to lease.
  const connect = pool.connect.bind(pool);
  type ConnectCallback = (
    error: Error | undefined,
    client: PoolClient | undefined,
    done: (release?: Error | boolean) => void,
  ) => void;
  const leasingConnect = (callback?: ConnectCallback): Promise<PoolClient> | undefined => {
    if (callback === undefined) return connect().then(lease);
    connect((error, client, done) => {
      if (error !== undefined || client === undefined) {
        callback(error, client, done);
        return;
      }
      const leased = lease(client);
      callback(undefined, leased, leased.release);
    });
    return undefined;
  };
  pool.connect = leasingConnect as Pool['connect'];
}

/**
 * Calls `onError` with every error a query on this client ends with, before the caller sees it (so an eviction
 * happens before drizzle queues its ROLLBACK). Both calling styles pg supports are covered: a callback as the last
 * argument (pg-pool's query) and the returned promise (drizzle). Submittables (cursors, streams) are not used here.
 */
function watchQueryErrors(client: PoolClient, onError: (error: Error) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const watched = (...args: unknown[]): unknown => {
    const last = args.length - 1;
    const callback = args[last];
    if (typeof callback === 'function') {
      args[last] = (error: unknown, result: unknown) => {
        if (error instanceof Error) onError(error);
        callback(error, result);
      };
      return query(...args);
    }
    const result = query(...args);
    // A second reader of the same promise: it runs first (registered first) and handles nothing for the caller,
    // who still gets the rejection.
    if (result instanceof Promise) {
      result.then(undefined, (error: unknown) => {
        if (error instanceof Error) onError(error);
      });
    }
    return result;
  };
  client.query = watched as PoolClient['query'];
}
