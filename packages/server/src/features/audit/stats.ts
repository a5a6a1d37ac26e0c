// Issue 25 item 3: "stats (time series of sign-ins by method and outcome, sign-ups, active users per day, rate-limit
// hits)", read from the event log so the numbers are the log's own (item 5: the Prometheus counters count the same
// sign-ins, features/audit/metrics-agree.test.ts compares them):
//   - a successful sign-in is a `session.created` (its payload's method), a failed one a `sign_in.failed` (method and
//     reason);
//   - a sign-up is a `user.created`;
//   - the active users of a bucket are the distinct subject users of its `session.created` events;
//   - a rate-limit hit is a `rate_limit.hit` (its rule).
// Buckets are UTC days or hours; every series has one count per bucket, zeros included, so a chart needs no gap
// logic. The range is bounded (MAX_STATS_SPAN) so one call reads a bounded part of the log.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { rowsOf } from '../users/user-sql';

export type StatsInterval = 'day' | 'hour';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
const BUCKET_MS: Record<StatsInterval, number> = { day: DAY_MS, hour: HOUR_MS };

/** The longest range of one call: 400 daily buckets, 14 days of hourly ones (336). */
export const MAX_STATS_SPAN_MS: Record<StatsInterval, number> = { day: 400 * DAY_MS, hour: 14 * DAY_MS };
/** The range when the caller gives no `from`: the last 30 days, or the last 24 hours. */
const DEFAULT_SPAN_MS: Record<StatsInterval, number> = { day: 30 * DAY_MS, hour: DAY_MS };

const STATS_TYPES = ['session.created', 'sign_in.failed', 'user.created', 'rate_limit.hit'] as const;

export interface SignInSeries {
  method: string;
  outcome: 'success' | 'failure';
  /** A failure's reason (wrong_password, blocked, …); null for successes. */
  reason: string | null;
  total: number;
  counts: number[];
}

export interface ProjectStats {
  interval: StatsInterval;
  /** Events with from ≤ occurred_at < to are counted. */
  from: string;
  to: string;
  /** Each bucket's start (UTC); every `counts` has one entry per bucket. */
  buckets: string[];
  sign_ins: SignInSeries[];
  sign_ups: { total: number; counts: number[] };
  active_users: { counts: number[] };
  rate_limit_hits: Array<{ rule: string; total: number; counts: number[] }>;
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_admin_request', message);
}

/** The range a request names, defaulted and checked (400 when reversed, unreadable or too long). */
export function statsRange(
  now: Date,
  options: { from?: Date; to?: Date; interval: StatsInterval },
): { from: Date; to: Date } {
  const to = options.to ?? now;
  const from = options.from ?? new Date(to.getTime() - DEFAULT_SPAN_MS[options.interval]);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()))
    throw invalid('"from" and "to" must be date-times.');
  if (from >= to) throw invalid('"from" must be before "to".');
  const max = MAX_STATS_SPAN_MS[options.interval];
  if (to.getTime() - from.getTime() > max) {
    throw invalid(`With interval=${options.interval}, the range may span ${max / DAY_MS} days at most.`);
  }
  return { from, to };
}

/** Bucket numbers (epoch ms / bucket size, floored) from the one holding `from` to the one holding the last ms. */
function bucketNumbers(from: Date, to: Date, size: number): number[] {
  const first = Math.floor(from.getTime() / size);
  const last = Math.floor((to.getTime() - 1) / size);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

interface CountRow {
  bucket: number | string;
  type: string;
  method: string | null;
  reason: string | null;
  rule: string | null;
  n: number | string;
}

export async function projectStats(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { projectId: string; from?: Date; to?: Date; interval: StatsInterval },
): Promise<ProjectStats> {
  const { from, to } = statsRange(ctx.clock.now(), options);
  const size = BUCKET_MS[options.interval];
  const numbers = bucketNumbers(from, to, size);
  const indexOf = new Map(numbers.map((number, index) => [number, index]));
  const zeros = () => numbers.map(() => 0);

  // The bucket is computed from the epoch, not date_trunc, so it is UTC whatever the session's time zone.
  const bucket = sql`floor(extract(epoch from occurred_at) * 1000 / ${size})::bigint`;
  const inRange = sql`project_id = ${options.projectId}
      AND occurred_at >= ${from.toISOString()}::timestamptz AND occurred_at < ${to.toISOString()}::timestamptz`;
  const types = sql.join(
    STATS_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );
  const counted = rowsOf<CountRow>(
    await ctx.db.execute(sql`SELECT ${bucket} AS bucket, type,
        CASE WHEN type IN ('session.created', 'sign_in.failed') THEN payload->>'method' END AS method,
        CASE WHEN type = 'sign_in.failed' THEN payload->>'reason' END AS reason,
        CASE WHEN type = 'rate_limit.hit' THEN payload->>'rule' END AS rule,
        count(*) AS n
      FROM events WHERE ${inRange} AND type IN (${types})
      GROUP BY 1, 2, 3, 4, 5`),
  );
  const active = rowsOf<{ bucket: number | string; n: number | string }>(
    await ctx.db.execute(sql`SELECT ${bucket} AS bucket, count(DISTINCT subject_user_id) AS n
      FROM events WHERE ${inRange} AND type = 'session.created' AND subject_user_id IS NOT NULL
      GROUP BY 1`),
  );

  const signIns = new Map<string, SignInSeries>();
  const rules = new Map<string, { rule: string; total: number; counts: number[] }>();
  const signUps = { total: 0, counts: zeros() };
  const activeUsers = { counts: zeros() };
  for (const row of counted) {
    const index = indexOf.get(Number(row.bucket));
    if (index === undefined) continue;
    const n = Number(row.n);
    if (row.type === 'user.created') {
      signUps.counts[index]! += n;
      signUps.total += n;
    } else if (row.type === 'rate_limit.hit') {
      const rule = row.rule ?? 'unknown';
      const series = rules.get(rule) ?? { rule, total: 0, counts: zeros() };
      rules.set(rule, series);
      series.counts[index]! += n;
      series.total += n;
    } else {
      const outcome = row.type === 'session.created' ? 'success' : 'failure';
      const method = row.method ?? 'unknown';
      const reason = outcome === 'failure' ? (row.reason ?? 'unknown') : null;
      const key = `${outcome}\u0000${method}\u0000${reason ?? ''}`;
      const series = signIns.get(key) ?? { method, outcome, reason, total: 0, counts: zeros() };
      signIns.set(key, series);
      series.counts[index]! += n;
      series.total += n;
    }
  }
  for (const row of active) {
    const index = indexOf.get(Number(row.bucket));
    if (index !== undefined) activeUsers.counts[index] = Number(row.n);
  }

  const byName =
    <T>(key: (item: T) => string) =>
    (a: T, b: T) =>
      key(a).localeCompare(key(b));
  return {
    interval: options.interval,
    from: from.toISOString(),
    to: to.toISOString(),
    buckets: numbers.map((number) => new Date(number * size).toISOString()),
    sign_ins: [...signIns.values()].sort(
      byName((series) => `${series.outcome} ${series.method} ${series.reason ?? ''}`),
    ),
    sign_ups: signUps,
    active_users: activeUsers,
    rate_limit_hits: [...rules.values()].sort(byName((series) => series.rule)),
  };
}
