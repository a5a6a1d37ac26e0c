// Issue 26 item 3 (System: "webhook backlog"): what the delivery queue holds now, over every project — deliveries
// waiting for their first attempt (queued), failing ones waiting for a retry, and dead ones (retries exhausted) —
// with the oldest waiting delivery's age, and the endpoints disabled for failing a day. Each count is answered by
// webhook_deliveries_due_idx (status, next_attempt_at) alone (webhook-query-plans.test.ts).
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { rowsOf } from '../users/user-sql';

export interface WebhookBacklog {
  queued: number;
  failing: number;
  dead: number;
  /** When the longest-waiting queued or failing delivery is next due; null when none waits. */
  oldest_due_at: string | null;
  disabled_endpoints: number;
}

/** The statements of webhookBacklog (exported for the query-plan test). */
export const WEBHOOK_BACKLOG_STATEMENTS = {
  byStatus: sql`SELECT status, count(*) AS n, min(next_attempt_at) AS oldest
    FROM webhook_deliveries WHERE status IN ('pending', 'failed', 'dead') GROUP BY status`,
  disabled: sql`SELECT count(*) AS n FROM webhook_endpoints WHERE disabled_at IS NOT NULL`,
};

export async function webhookBacklog(ctx: Pick<AppContext, 'db'>): Promise<WebhookBacklog> {
  const rows = rowsOf<{ status: string; n: number | string; oldest: string | Date | null }>(
    await ctx.db.execute(WEBHOOK_BACKLOG_STATEMENTS.byStatus),
  );
  const [disabled] = rowsOf<{ n: number | string }>(
    await ctx.db.execute(WEBHOOK_BACKLOG_STATEMENTS.disabled),
  );
  const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0);
  const oldest = rows
    .filter((row) => row.status !== 'dead' && row.oldest !== null)
    .map((row) => new Date(row.oldest!).getTime())
    .sort((a, b) => a - b)[0];
  return {
    queued: count('pending'),
    failing: count('failed'),
    dead: count('dead'),
    oldest_due_at: oldest === undefined ? null : new Date(oldest).toISOString(),
    disabled_endpoints: Number(disabled?.n ?? 0),
  };
}
