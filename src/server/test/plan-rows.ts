/** Reading EXPLAIN (ANALYZE, FORMAT JSON): how many rows of companies a statement read. */

export interface AnalyzedPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: AnalyzedPlanNode[];
}

/** Rows of companies the plan read, kept or filtered away, over every node and loop. */
export function companiesRead(node: AnalyzedPlanNode): number {
  const own =
    node['Relation Name'] === 'companies'
      ? (node['Actual Rows'] + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
        node['Actual Loops']
      : 0;
  return own + (node.Plans ?? []).reduce((sum, child) => sum + companiesRead(child), 0);
}
