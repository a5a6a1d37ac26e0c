// The query-plan tests' reading of `EXPLAIN (FORMAT JSON)` (PostgreSQL): a plan's nodes, and the tables it reads by
// sequential scan.
import type { Client, Pool } from 'pg';

export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The node and every node under it, depth first. */
export function planNodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(planNodes)];
}

/** The tables the plan reads by Seq Scan. */
export function seqScans(node: PlanNode): string[] {
  return planNodes(node)
    .filter((each) => each['Node Type'] === 'Seq Scan' && each['Relation Name'])
    .map((each) => each['Relation Name'] as string);
}

/** EXPLAIN (FORMAT JSON) of one statement: its plan's root node. */
export type Explain = (text: string, values: unknown[]) => Promise<PlanNode>;

/**
 * Runs `plans` with `enable_seqscan = off` — the plans PostgreSQL would choose if a table were large, whatever the
 * test's row count — on a connection of its own to the pool's database, closed afterwards. Not a pooled client: the
 * pool's request bounds (a 2 s read timeout, a 1.5 s statement_timeout) are for requests, and on a loaded machine
 * planning can take longer — the read timeout then evicted the client and the test failed on "Client was closed"
 * instead of on its plans. `connection` is that connection, for the test's own catalog reads.
 */
export async function withSeqScanOff<T>(
  pool: Pool,
  plans: (explain: Explain, connection: Client) => Promise<T>,
): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: pool.options.connectionString });
  await client.connect();
  try {
    await client.query('SET enable_seqscan = off');
    return await plans(async (text, values) => {
      const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
        `EXPLAIN (FORMAT JSON) ${text}`,
        values,
      );
      return rows[0]!['QUERY PLAN'][0]!.Plan;
    }, client);
  } finally {
    await client.end();
  }
}

/** The plan of a captured statement with `enable_seqscan = off` (withSeqScanOff), as its nodes, depth first. */
export async function explainWithoutSeqScan(
  pool: Pool,
  query: { text: string; values: unknown[] },
): Promise<PlanNode[]> {
  return withSeqScanOff(pool, async (explain) => planNodes(await explain(query.text, query.values)));
}
