// Issue 23 item 6: the SQL the app really sends to PostgreSQL, for the query-plan test (hot-query-plans.test.ts).
// Every statement node-postgres sends goes through Client.prototype.query (pg.Pool.query checks a client out and
// calls it), whether drizzle built it or a hot path sends it as a named prepared statement (sessions/hot-query.ts);
// wrapping that one method sees them all with their parameters. Test-only: the wrapper is removed by stop(). Capture
// before the pool connects: infra/db/postgres-pool.ts binds a client's query method when it first leases it.
import pg from 'pg';

export interface CapturedQuery {
  /** The flow that sent it (the label given to start()). */
  flow: string;
  text: string;
  values: unknown[];
}

export interface QueryCapture {
  /** Records every statement from now on under `flow` (null: records nothing), until the next start() or stop(). */
  start(flow: string | null): void;
  /** Stops recording and puts Client.prototype.query back. */
  stop(): void;
  /** Distinct statements of each flow (by text), with the first parameters seen. */
  readonly queries: CapturedQuery[];
}

export function captureQueries(): QueryCapture {
  const original = pg.Client.prototype.query;
  const queries: CapturedQuery[] = [];
  const seen = new Set<string>();
  let flow: string | null = null;
  const record = (config: unknown, values: unknown): void => {
    if (flow === null) return;
    const text =
      typeof config === 'string'
        ? config
        : ((config as { text?: unknown } | null)?.text as string | undefined);
    if (typeof text !== 'string' || seen.has(`${flow}\0${text}`)) return;
    seen.add(`${flow}\0${text}`);
    const bound = Array.isArray(values)
      ? values
      : ((config as { values?: unknown[] } | null)?.values ?? ([] as unknown[]));
    queries.push({ flow, text, values: bound });
  };
  pg.Client.prototype.query = function query(this: pg.Client, ...args: unknown[]) {
    record(args[0], args[1]);
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return {
    start: (name) => {
      flow = name;
    },
    stop: () => {
      flow = null;
      pg.Client.prototype.query = original;
    },
    queries,
  };
}
