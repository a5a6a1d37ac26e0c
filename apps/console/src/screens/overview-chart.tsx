// Issue 26 item 3 (Overview): "a stacked chart of sign-ins by method (every method and OAuth provider)" — one bar a
// day, one segment a method, from the stats route's successful sign-ins. recharts (DESIGN.md), sized by CSS
// (`responsive`), with its keyboard/screen-reader layer on; the same figures are in the table beside it.
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import type { Stats } from '../admin-types';
import { formatDay } from '../format';
import { STRINGS } from '../strings';

/** Eight distinct hues, each a custom property with a light and a dark value (styles.css). */
const PALETTE_SIZE = 8;

export interface MethodSeries {
  method: string;
  total: number;
  counts: number[];
}

/** Successful sign-ins per method (the stats route lists one entry per method and outcome), largest first. */
export function signInsByMethod(stats: Stats): MethodSeries[] {
  const byMethod = new Map<string, MethodSeries>();
  for (const entry of stats.sign_ins) {
    if (entry.outcome !== 'success') continue;
    const series = byMethod.get(entry.method) ?? {
      method: entry.method,
      total: 0,
      counts: stats.buckets.map(() => 0),
    };
    series.total += entry.total;
    entry.counts.forEach((count, index) => {
      series.counts[index] = (series.counts[index] ?? 0) + count;
    });
    byMethod.set(entry.method, series);
  }
  return [...byMethod.values()].sort((a, b) => b.total - a.total || a.method.localeCompare(b.method));
}

export function SignInChart({ stats, series }: { stats: Stats; series: MethodSeries[] }) {
  const data = stats.buckets.map((bucket, index) => {
    const row: Record<string, string | number> = { day: formatDay(bucket) };
    for (const each of series) row[each.method] = each.counts[index] ?? 0;
    return row;
  });
  const total = series.reduce((sum, each) => sum + each.total, 0);
  return (
    <BarChart
      responsive
      data={data}
      style={{ width: '100%', height: 320 }}
      accessibilityLayer
      title={STRINGS.overview.chartHeading}
      desc={STRINGS.overview.chartDescription(total)}
      margin={{ top: 8, right: 8, bottom: 8, left: 0 }}
    >
      <CartesianGrid strokeDasharray="3 3" stroke="var(--gh-color-border)" vertical={false} />
      <XAxis dataKey="day" stroke="var(--gh-color-secondary)" tick={{ fill: 'var(--gh-color-secondary)' }} />
      <YAxis
        allowDecimals={false}
        stroke="var(--gh-color-secondary)"
        tick={{ fill: 'var(--gh-color-secondary)' }}
      />
      <Tooltip
        contentStyle={{ background: 'var(--gh-color-surface)', borderColor: 'var(--gh-color-border)' }}
        labelStyle={{ color: 'var(--gh-color-primary)' }}
        cursor={{ fill: 'var(--chart-cursor)' }}
      />
      <Legend />
      {series.map((each, index) => (
        <Bar
          key={each.method}
          dataKey={each.method}
          name={each.method}
          stackId="sign-ins"
          fill={`var(--chart-${index % PALETTE_SIZE})`}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
