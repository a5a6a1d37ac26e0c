// The session check is the hottest call of the server (the SDK refreshes every 180000 ms per open tab, SPEC §4;
// issue 2 budget: ≥ 15,000 req/s). On PostgreSQL its one query (session-lookup.ts) runs as a NAMED prepared
// statement through the pool drizzle wraps, bypassing drizzle, so each connection parses and plans it once
// instead of on every call; PGlite (in-process, one connection) takes the same text through its own client.
// Both answer `{ rows }`.
import type { Database } from '../../infra/db/client';

interface QueryClient {
  query(config: unknown, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

export interface HotQuery {
  name: string;
  text: string;
}

export async function runHotQuery<T>(db: Database, query: HotQuery, values: unknown[]): Promise<T[]> {
  const client = (db as unknown as { $client?: QueryClient & { totalCount?: number } }).$client;
  if (!client) throw new Error('runHotQuery: the database handle exposes no client');
  // pg.Pool has totalCount; PGlite does not and takes (text, params).
  const result =
    typeof client.totalCount === 'number'
      ? await client.query({ name: query.name, text: query.text, values })
      : await client.query(query.text, values);
  return result.rows as T[];
}
