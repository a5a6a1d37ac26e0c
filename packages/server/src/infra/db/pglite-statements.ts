// Issue 23 (performance of the embedded default): PGlite's query() parses, describes and plans every statement
// again, in six calls into its WebAssembly (Parse, Describe statement, Bind, Describe portal, Execute, Sync), because
// it only ever uses the unnamed statement. Measured here on a session lookup with a join: 0.44 ms a call that way,
// 0.12 ms as a named prepared statement bound and executed in one call; a login-link send on the embedded default
// took about 12 % less time. (PostgreSQL over the network pays a round trip per query whatever it does; PGlite runs
// in this thread, so every request waits on that work. The server tests were not measurably faster: their time goes
// elsewhere.)
//
// So each PGlite handle keeps its statements prepared, by text: the first call of a text parses it under a name of
// its own and describes it (its parameter types serialise the values exactly as query() does, its row description
// reads the answers); later calls send Bind, Execute and Sync in one message. PostgreSQL itself re-plans a prepared
// statement when a table it reads changes, and after five runs may keep a generic plan (plan_cache_mode's default).
// Prepared statements are not transactional: a ROLLBACK keeps them, and a Parse that fails keeps nothing.
//
// Only data statements are kept (SELECT, INSERT, UPDATE, DELETE, WITH), the most recently used STATEMENT_CACHE_MAX
// of them (each holds its plan in PGlite's memory; an IN list of every length is a text of its own); anything else
// (DDL, SET, a call with a blob or explicit parameter types) goes through PGlite's own query(), unchanged.
import type { PGlite, QueryOptions, Results, Transaction } from '@electric-sql/pglite';
import { parse, protocol } from '@electric-sql/pglite';

/** Statements kept prepared per handle, least recently used dropped first. */
export const STATEMENT_CACHE_MAX = 256;

/** invalid_sql_statement_name: "prepared statement … does not exist" (DEALLOCATE ALL, DISCARD ALL). */
const STATEMENT_GONE = '26000';
/** feature_not_supported, as "cached plan must not change result type" after DDL under a `SELECT *`. */
const RESULT_TYPE_CHANGED = '0A000';

const CACHEABLE = /^\s*(select|insert|update|delete|with)\b/i;

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];
type Serializer = (value: unknown) => string;

interface Prepared {
  name: string;
  /** The parameter types PostgreSQL inferred, by position. */
  paramTypes: number[];
  /** The statement's RowDescription (none for a statement that returns no rows). */
  rowDescription: BackendMessage | null;
}

/** What PGlite keeps private but its query() path relies on, present on the instance (checked at install). */
interface PgliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, Serializer>;
}

type Query = PGlite['query'];

export interface StatementCacheStats {
  /** Statements prepared now. */
  readonly size: number;
  /** Statements prepared so far (a text prepared again after it was dropped counts again). */
  readonly prepared: number;
  /** Calls answered by a statement already prepared. */
  readonly hits: number;
}

/**
 * Makes `client.query` (and `query` of every transaction it opens) run data statements as named prepared
 * statements. Returns the cache's counters (tests read them).
 */
export function installStatementCache(client: PGlite, max = STATEMENT_CACHE_MAX): StatementCacheStats {
  const internals = client as unknown as PgliteInternals;
  for (const method of ['_checkReady', '_runExclusiveQuery', '_runExclusiveTransaction'] as const) {
    if (typeof internals[method] !== 'function') {
      throw new Error(`PGlite has no ${method}: the statement cache does not know this version`);
    }
  }
  const statements = new Map<string, Prepared>();
  const stats: { -readonly [K in keyof StatementCacheStats]: number } = { size: 0, prepared: 0, hits: 0 };
  let next = 0;
  const uncachedQuery: Query = client.query.bind(client);

  const prepare = async (text: string): Promise<Prepared> => {
    next += 1;
    const name = `gatehouse_${next}`;
    const messages = await client.execProtocolStream(
      Buffer.concat([
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
      { syncToFs: false },
    );
    const prepared: Prepared = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((message) => message.name === 'rowDescription') ?? null,
    };
    if (statements.size >= max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestText);
      await client.execProtocolStream(
        Buffer.concat([
          protocol.serialize.close({ type: 'S', name: oldest.name }),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
    }
    statements.set(text, prepared);
    stats.prepared += 1;
    stats.size = statements.size;
    return prepared;
  };

  /** Runs inside PGlite's query lock, as its own query() does. */
  const run = async <T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results<T>> => {
    let messages: BackendMessage[];
    let prepared = statements.get(text);
    try {
      if (prepared === undefined) {
        prepared = await prepare(text);
      } else {
        // Most recently used last.
        statements.delete(text);
        statements.set(text, prepared);
        stats.hits += 1;
      }
      const { paramTypes } = prepared;
      // As PGlite's query() serialises them: by the type PostgreSQL inferred for each parameter.
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null;
        const type = paramTypes[index]!;
        const serializer = options?.serializers?.[type] ?? internals.serializers[type];
        return serializer ? serializer(value) : String(value);
      });
      messages = await client.execProtocolStream(
        Buffer.concat([
          protocol.serialize.bind({ statement: prepared.name, values: values as (string | null)[] }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      );
    } catch (error) {
      // Statements PostgreSQL no longer holds (all of them, after a DEALLOCATE ALL), or one whose answer changed shape
      // under DDL, are prepared afresh next time.
      const code = (error as { code?: unknown }).code;
      if (code === STATEMENT_GONE) statements.clear();
      else if (code === RESULT_TYPE_CHANGED && prepared !== undefined) statements.delete(text);
      stats.size = statements.size;
      // What PGlite's query() adds to the error it throws.
      throw Object.assign(error as Error, { query: text, params, queryOptions: options });
    }
    const answer = prepared.rowDescription === null ? messages : [prepared.rowDescription, ...messages];
    return parse.parseResults(answer, client.parsers, options)[0] as Results<T>;
  };

  const cacheable = (text: string, options: QueryOptions | undefined): boolean =>
    CACHEABLE.test(text) && options?.blob === undefined && options?.paramTypes === undefined;

  client.query = async <T>(
    text: string,
    params: unknown[] = [],
    options?: QueryOptions,
  ): Promise<Results<T>> => {
    if (!cacheable(text, options)) return uncachedQuery<T>(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(async () => {
      const result = await internals._runExclusiveQuery(() => run<T>(text, params, options));
      await client.syncToFs();
      return result;
    });
  };

  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      const txQuery: Query = tx.query.bind(tx);
      const cached: Transaction = {
        query: async <R>(
          text: string,
          params: unknown[] = [],
          options?: QueryOptions,
        ): Promise<Results<R>> => {
          if (!cacheable(text, options)) return txQuery<R>(text, params, options);
          if (tx.closed) throw new Error('Transaction is closed');
          // Inside the transaction's own lock; PGlite syncs to its files at COMMIT.
          return internals._runExclusiveQuery(() => run<R>(text, params, options));
        },
        sql: tx.sql.bind(tx),
        exec: tx.exec.bind(tx),
        rollback: tx.rollback.bind(tx),
        listen: tx.listen.bind(tx),
        get closed() {
          return tx.closed;
        },
      };
      return callback(cached);
    });

  return stats;
}
