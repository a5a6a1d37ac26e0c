// The query-plan tests' reading of `EXPLAIN (FORMAT JSON)` (PostgreSQL): a plan's nodes, and the tables it reads by
// sequential scan.
import type { Pool } from 'pg';

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

/**
 * EXPLAIN (FORMAT JSON) of a captured statement with `enable_seqscan = off` — the plan PostgreSQL would choose if a
 * table were large, whatever the test's row count — as its nodes, depth first.
 */
export async function explainWithoutSeqScan(
  pool: Pool,
  query: { text: string; values: unknown[] },
): Promise<PlanNode[]> {
  const client = await pool.connect();
  try {
    await client.query('SET enable_seqscan = off');
    const { rows } = await client.query<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> }>(
      `EXPLAIN (FORMAT JSON) ${query.text}`,
      query.values,
    );
    return planNodes(rows[0]!['QUERY PLAN'][0]!.Plan);
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
}
