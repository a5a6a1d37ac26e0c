// Issue 26 item 3 (Security): "rate-limit hits by rule and IP, captcha issued/solved/failed and current difficulty,
// breached-password refusals, top failing IPs, SMS spend by country" over a range, read from the event log like
// stats.ts, so the numbers are the log's own:
//   - a rate-limit hit is a `rate_limit.hit` (its rule and IP);
//   - the captcha: `captcha.issued` (a challenge handed out, with its work), `captcha.solved` (a token accepted),
//     `captcha.required` (reason `missing`: asked to solve one; any other reason: a token refused, i.e. failed);
//   - a breached-password refusal is a `sign_in.failed` with reason `breached_password`;
//   - the failing IPs are those of `sign_in.failed`;
//   - an SMS or WhatsApp message sent is a `message.sent` (its channel and country).
// Every statement reads one project's rows of named types in the range, through events_project_type_seq_idx
// (security-query-plans.test.ts); the lists are bounded (TOP_ROWS).
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { rowsOf } from '../users/user-sql';
import { statsRange } from './stats';

/** The longest list of one section (the rule × IP pairs, the failing IPs). */
export const TOP_ROWS = 20;

/** The `reason` of a breached password's sign_in.failed (features/passwords BREACHED_PASSWORD_REASON). */
const BREACHED_REASON = 'breached_password';

const SECURITY_TYPES = [
  'rate_limit.hit',
  'captcha.issued',
  'captcha.solved',
  'captcha.required',
  'sign_in.failed',
  'message.sent',
] as const;

export interface CaptchaActionCounts {
  action: string;
  issued: number;
  solved: number;
  /** Tokens sent and refused (forged, expired, replayed, …). */
  failed: number;
  /** Calls answered 'Captcha required' without a token: the caller was asked to solve one. */
  required: number;
}

export interface SecurityStats {
  from: string;
  to: string;
  rate_limits: {
    total: number;
    by_rule: Array<{ rule: string; total: number }>;
    by_rule_and_ip: Array<{ rule: string; ip_address: string | null; total: number }>;
  };
  captcha: {
    issued: number;
    solved: number;
    failed: number;
    required: number;
    by_action: CaptchaActionCounts[];
    /** The work of the newest challenge in the range (its maxCounter), null when none was issued. */
    latest_max_counter: number | null;
    /** The hardest challenge of the range. */
    peak_max_counter: number | null;
  };
  breached_passwords: { total: number };
  failing_ips: Array<{
    ip_address: string;
    total: number;
    reasons: Array<{ reason: string; total: number }>;
  }>;
  sms: {
    total: number;
    by_country: Array<{ country: string | null; sms: number; whatsapp: number; total: number }>;
  };
}

interface GroupRow {
  type: string;
  key: string | null;
  detail: string | null;
  n: number | string;
  peak: number | string | null;
}

export async function projectSecurityStats(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { projectId: string; from?: Date; to?: Date },
): Promise<SecurityStats> {
  const { from, to } = statsRange(ctx.clock.now(), { ...options, interval: 'day' });
  const inRange = sql`project_id = ${options.projectId}
      AND occurred_at >= ${from.toISOString()}::timestamptz AND occurred_at < ${to.toISOString()}::timestamptz`;
  const types = sql.join(
    SECURITY_TYPES.map((type) => sql`${type}`),
    sql`, `,
  );

  // One pass over the section's types: `key` is what a row is counted by (rule, action, country), `detail` the
  // second dimension (a refused token's reason, the channel, a failure's reason).
  const grouped = rowsOf<GroupRow>(
    await ctx.db.execute(sql`SELECT type,
        CASE WHEN type = 'rate_limit.hit' THEN payload->>'rule'
          WHEN type LIKE 'captcha.%' THEN payload->>'action'
          WHEN type = 'message.sent' THEN payload->>'country' END AS key,
        CASE WHEN type = 'captcha.required' THEN coalesce(payload->>'reason', 'missing')
          WHEN type = 'message.sent' THEN payload->>'channel'
          WHEN type = 'sign_in.failed' THEN payload->>'reason' END AS detail,
        count(*) AS n,
        max(CASE WHEN type = 'captcha.issued' THEN (payload->>'max_counter')::bigint END) AS peak
      FROM events WHERE ${inRange} AND type IN (${types})
      GROUP BY 1, 2, 3`),
  );
  const byRuleAndIp = rowsOf<{ rule: string | null; ip_address: string | null; n: number | string }>(
    await ctx.db.execute(sql`SELECT payload->>'rule' AS rule, ip_address, count(*) AS n
      FROM events WHERE ${inRange} AND type = 'rate_limit.hit'
      GROUP BY 1, 2 ORDER BY 3 DESC, 1, 2 LIMIT ${TOP_ROWS}`),
  );
  const failing = rowsOf<{ ip_address: string; n: number | string }>(
    await ctx.db.execute(sql`SELECT ip_address, count(*) AS n
      FROM events WHERE ${inRange} AND type = 'sign_in.failed' AND ip_address IS NOT NULL
      GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT ${TOP_ROWS}`),
  );
  const failingIps = failing.map((row) => row.ip_address);
  const reasons =
    failingIps.length === 0
      ? []
      : rowsOf<{ ip_address: string; reason: string | null; n: number | string }>(
          await ctx.db.execute(sql`SELECT ip_address, payload->>'reason' AS reason, count(*) AS n
            FROM events WHERE ${inRange} AND type = 'sign_in.failed' AND ip_address IN (${sql.join(
              failingIps.map((ip) => sql`${ip}`),
              sql`, `,
            )})
            GROUP BY 1, 2 ORDER BY 3 DESC, 2`),
        );
  const [latest] = rowsOf<{ max_counter: number | string | null }>(
    await ctx.db.execute(sql`SELECT payload->>'max_counter' AS max_counter
      FROM events WHERE ${inRange} AND type = 'captcha.issued'
      ORDER BY seq DESC LIMIT 1`),
  );

  const stats: SecurityStats = {
    from: from.toISOString(),
    to: to.toISOString(),
    rate_limits: {
      total: 0,
      by_rule: [],
      by_rule_and_ip: byRuleAndIp.map((row) => ({
        rule: row.rule ?? 'unknown',
        ip_address: row.ip_address,
        total: Number(row.n),
      })),
    },
    captcha: {
      issued: 0,
      solved: 0,
      failed: 0,
      required: 0,
      by_action: [],
      latest_max_counter: latest?.max_counter == null ? null : Number(latest.max_counter),
      peak_max_counter: null,
    },
    breached_passwords: { total: 0 },
    failing_ips: failing.map((row) => ({
      ip_address: row.ip_address,
      total: Number(row.n),
      reasons: reasons
        .filter((each) => each.ip_address === row.ip_address)
        .map((each) => ({ reason: each.reason ?? 'unknown', total: Number(each.n) })),
    })),
    sms: { total: 0, by_country: [] },
  };

  const rules = new Map<string, number>();
  const actions = new Map<string, CaptchaActionCounts>();
  const countries = new Map<string, SecurityStats['sms']['by_country'][number]>();
  for (const row of grouped) {
    const n = Number(row.n);
    if (row.type === 'rate_limit.hit') {
      const rule = row.key ?? 'unknown';
      rules.set(rule, (rules.get(rule) ?? 0) + n);
      stats.rate_limits.total += n;
    } else if (row.type === 'sign_in.failed') {
      if (row.detail === BREACHED_REASON) stats.breached_passwords.total += n;
    } else if (row.type === 'message.sent') {
      const key = row.key ?? '';
      const country = countries.get(key) ?? { country: row.key, sms: 0, whatsapp: 0, total: 0 };
      countries.set(key, country);
      if (row.detail === 'whatsapp') country.whatsapp += n;
      else country.sms += n;
      country.total += n;
      stats.sms.total += n;
    } else {
      const action = row.key ?? 'unknown';
      const counts = actions.get(action) ?? { action, issued: 0, solved: 0, failed: 0, required: 0 };
      actions.set(action, counts);
      const kind =
        row.type === 'captcha.issued'
          ? 'issued'
          : row.type === 'captcha.solved'
            ? 'solved'
            : row.detail === 'missing'
              ? 'required'
              : 'failed';
      counts[kind] += n;
      stats.captcha[kind] += n;
      if (row.peak !== null) {
        stats.captcha.peak_max_counter = Math.max(stats.captcha.peak_max_counter ?? 0, Number(row.peak));
      }
    }
  }
  stats.rate_limits.by_rule = [...rules]
    .map(([rule, total]) => ({ rule, total }))
    .sort((a, b) => b.total - a.total || a.rule.localeCompare(b.rule));
  stats.captcha.by_action = [...actions.values()].sort((a, b) => a.action.localeCompare(b.action));
  stats.sms.by_country = [...countries.values()].sort(
    (a, b) => b.total - a.total || (a.country ?? '').localeCompare(b.country ?? ''),
  );
  return stats;
}
