// The query-plan tests' reading of `EXPLAIN (FORMAT JSON)` (PostgreSQL): a plan's nodes, and the tables it reads by
// sequential scan.
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
