// security-tests.md FT-01 (issue 8 item 5): which failures mean "PostgreSQL cannot be reached right now" — answered
// 503 database_unavailable with Retry-After — as opposed to a bug, answered 500. Only what node-postgres and the
// server actually produce counts (read in node_modules/pg, pg-pool and the PostgreSQL error codes appendix):
//   - the socket: refused, reset, unreachable, timed out, name lookup failed (Node system error codes);
//   - pg and pg-pool: a connection that ended, a connect or pool-checkout timeout, a query read timeout, a client
//     that a dead connection left unusable (their fixed messages, below);
//   - the server (SQLSTATE): class 08 connection exception, 57P01 admin shutdown, 57P02 crash shutdown, 57P03
//     cannot connect now (starting up or shutting down), 57014 query canceled (our statement_timeout), and 53300
//     too many connections.
// SQLSTATEs are trusted only on pg's own DatabaseError (the caller says which errors those are): PGlite runs
// in-process and its errors (a class of the same name and shape) never mean the database is out of reach.

/** Node system error codes of a connection that could not be made or was lost. */
const SOCKET_ERROR_CODES: ReadonlySet<string> = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** Messages node-postgres 8 and pg-pool 3 use for these failures (they carry no code). */
const CLIENT_ERROR_MESSAGES: ReadonlySet<string> = new Set([
  // pg Client: the socket closed under a connected client (or under one we ended).
  'Connection terminated unexpectedly',
  'Connection terminated',
  // pg-pool: a new connection did not complete within connectionTimeoutMillis.
  'Connection terminated due to connection timeout',
  // pg-pool: no client became free within connectionTimeoutMillis.
  'timeout exceeded when trying to connect',
  // pg Client: its own connect timeout destroyed the socket.
  'timeout expired',
  // pg Client: query_timeout passed without an answer.
  'Query read timeout',
  // pg Client: a query on a client whose connection failed or that the pool ended.
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
]);

const SERVER_ERROR_CODES: ReadonlySet<string> = new Set(['57P01', '57P02', '57P03', '57014', '53300']);

/** What made the database unavailable, safe to log: a code and a fixed message, never SQL or parameters. */
export interface DatabaseUnavailability {
  /** A Node system error code, a SQLSTATE, or null for pg's own messages. */
  code: string | null;
  message: string;
}

/** Errors are looked at through `cause` chains (drizzle wraps every driver error) and AggregateError lists. */
const MAX_ERRORS_EXAMINED = 16;

/**
 * The availability failure inside `error`, or null when it is anything else. `isServerError` tells pg's
 * DatabaseError (an ErrorResponse of the server) from the rest: another driver's SQLSTATE means nothing here.
 */
export function findDatabaseUnavailability(
  error: unknown,
  isServerError: (error: Error) => boolean,
): DatabaseUnavailability | null {
  const pending: unknown[] = [error];
  const seen = new Set<unknown>();
  while (pending.length > 0 && seen.size < MAX_ERRORS_EXAMINED) {
    const current = pending.shift();
    if (!(current instanceof Error) || seen.has(current)) continue;
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (isServerError(current)) {
      if (typeof code === 'string' && (code.startsWith('08') || SERVER_ERROR_CODES.has(code))) {
        return { code, message: current.message };
      }
      continue;
    }
    if (typeof code === 'string' && SOCKET_ERROR_CODES.has(code)) return { code, message: current.message };
    if (CLIENT_ERROR_MESSAGES.has(current.message)) return { code: null, message: current.message };
    pending.push(current.cause);
    if (current instanceof AggregateError) pending.push(...current.errors);
  }
  return null;
}
