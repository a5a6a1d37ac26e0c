// A benchmark's result: named rows of figures, printed as an aligned table.

export interface BenchRow {
  label: string;
  figures: Record<string, string | number>;
}

export interface BenchResult {
  rows: BenchRow[];
  /** Lines printed under the table (budgets, caveats). */
  notes?: string[];
  /** True when a figure broke a rule of the benchmark (e.g. non-2xx responses). */
  failed?: boolean;
}

export function formatResult(result: BenchResult): string {
  const columns = [...new Set(result.rows.flatMap((row) => Object.keys(row.figures)))];
  const header = ['', ...columns];
  const body = result.rows.map((row) => [
    row.label,
    ...columns.map((column) => String(row.figures[column] ?? '')),
  ]);
  const widths = header.map((_, index) =>
    Math.max(...[header, ...body].map((line) => (line[index] ?? '').length)),
  );
  const render = (line: string[]) =>
    line
      .map((cell, index) => cell.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  const lines = [render(header), ...body.map(render), ...(result.notes ?? [])];
  if (result.failed) lines.push('FAILED: see the figures above.');
  return lines.join('\n');
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}
