// Issue 26 item 2: the console's operators — a user of the operators project and the role they hold (migration 0022,
// table `operators`). Every change runs in one transaction under an advisory lock, so two changes at once (two
// owners demoting each other, two instances ensuring CONSOLE_OWNER_EMAIL at start) are serialised: the console never
// ends up without an owner through a change (409 last_owner) and one address never gets two rows. Each change
// records its event (operator.added / role_changed / removed) in that transaction, about the operator's user.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import type { OperatorRole } from '../admin/admin-scopes';
import type { EventActor, NewEvent, OperatorChangeSource } from '../audit';
import { recordEvent } from '../audit';
import { endUserSessions, forgetSessionJwts } from '../sessions';
import { findOrCreateUserByEmail, normalizeEmail } from '../users';
import { rowsOf } from '../users/user-sql';
import { OPERATORS_PROJECT_ID } from './operators-project';

/** An operator as the admin API shows them. */
export interface Operator {
  operator_id: string;
  user_id: string;
  /** The user's first verified (else first) e-mail address in the operators project. */
  email: string | null;
  role: OperatorRole;
  created_at: string;
  /** The actor id that added them: an operator's user id, an admin API key id, or `system`. */
  created_by: string;
  /** Whether they hold a passkey or a verified authenticator app (the console asks for one at first sign-in). */
  second_factor_enrolled: boolean;
  /**
   * Issue 26 (Operators screen): when they last signed in to the console (their newest `session.created` in the
   * operators project, a passkey confirmation included), or null if never. Read from the event log: sessions are
   * deleted when they end, events are not.
   */
  last_sign_in_at: string | null;
}

/** Who makes a change, and from where (recorded on its event). */
export interface OperatorChangeBy {
  actor: EventActor;
  request: NewEvent['request'];
  source: OperatorChangeSource;
}

/** pg_advisory_xact_lock key of every operator change (project-service.ts uses 7_241_333 for the project file). */
const OPERATORS_LOCK = 7_241_334;

type Db = AppContext['db'];

interface OperatorRow {
  id: string;
  user_id: string;
  role: OperatorRole;
  created_at: Date | string;
  created_by: string;
  email: string | null;
  enrolled: boolean;
  last_sign_in_at: Date | string | null;
}

const OPERATOR_SELECT = sql`SELECT o.id, o.user_id, o.role, o.created_at, o.created_by,
    (SELECT e.email FROM user_emails e WHERE e.user_id = o.user_id AND e.claim_session_id IS NULL
      ORDER BY e.verified DESC, e.created_at, e.id LIMIT 1) AS email,
    (EXISTS (SELECT 1 FROM webauthn_registrations w WHERE w.user_id = o.user_id)
      OR EXISTS (SELECT 1 FROM totps t WHERE t.user_id = o.user_id AND t.verified)) AS enrolled,
    (SELECT ev.occurred_at FROM events ev WHERE ev.project_id = ${OPERATORS_PROJECT_ID}
      AND ev.subject_user_id = o.user_id AND ev.type = 'session.created'
      ORDER BY ev.seq DESC LIMIT 1) AS last_sign_in_at
  FROM operators o`;

function toOperator(row: OperatorRow): Operator {
  return {
    operator_id: row.id,
    user_id: row.user_id,
    email: row.email,
    role: row.role,
    created_at: new Date(row.created_at).toISOString(),
    created_by: row.created_by,
    second_factor_enrolled: row.enrolled,
    last_sign_in_at: row.last_sign_in_at === null ? null : new Date(row.last_sign_in_at).toISOString(),
  };
}

export function operatorNotFound(): ApiError {
  return new ApiError('operator_not_found', 'No operator has this id.');
}

function lastOwner(): ApiError {
  return new ApiError(
    'last_owner',
    'This is the last owner: add another owner first (the console must always have one).',
  );
}

/** Every operator, oldest first. */
export async function listOperators(ctx: Pick<AppContext, 'db'>): Promise<Operator[]> {
  const result = await ctx.db.execute(sql`${OPERATOR_SELECT} ORDER BY o.created_at, o.id`);
  return rowsOf<OperatorRow>(result).map(toOperator);
}

export async function findOperator(
  ctx: Pick<AppContext, 'db'>,
  where: { operatorId: string } | { userId: string },
): Promise<Operator | null> {
  const condition =
    'operatorId' in where ? sql`o.id = ${where.operatorId}` : sql`o.user_id = ${where.userId}`;
  const result = await ctx.db.execute(sql`${OPERATOR_SELECT} WHERE ${condition}`);
  const [row] = rowsOf<OperatorRow>(result);
  return row === undefined ? null : toOperator(row);
}

/** Runs `change` in a transaction holding the operators lock. */
async function locked<T>(ctx: Pick<AppContext, 'db'>, change: (tx: Db) => Promise<T>): Promise<T> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${OPERATORS_LOCK})`);
    return change(tx as unknown as Db);
  });
}

async function recordChange(
  tx: Db,
  ctx: Pick<AppContext, 'clock'>,
  by: OperatorChangeBy,
  userId: string,
  event:
    | { type: 'operator.added'; payload: { operator_id: string; role: string } }
    | { type: 'operator.role_changed'; payload: { operator_id: string; before: string; after: string } }
    | { type: 'operator.removed'; payload: { operator_id: string; role: string } },
): Promise<void> {
  await recordEvent(
    tx,
    {
      projectId: OPERATORS_PROJECT_ID,
      type: event.type,
      actor: by.actor,
      subjectUserId: userId,
      request: by.request,
      payload: { ...event.payload, source: by.source },
    } as NewEvent,
    ctx.clock.now(),
  );
}

async function ownerCount(tx: Db): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await tx.execute(sql`SELECT count(*)::int AS n FROM operators WHERE role = 'owner'`),
  );
  return row?.n ?? 0;
}

/**
 * Makes `email` an operator with `role`. The address's user in the operators project is found or created (active,
 * the address unverified until their first login link). An address that is an operator already: with `ifExists:
 * 'refuse'` 409 operator_exists; with 'set-role' its role becomes `role` (CONSOLE_OWNER_EMAIL, `npm run console`),
 * never demoting the last owner.
 */
export async function putOperator(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { email: string; role: OperatorRole; by: OperatorChangeBy; ifExists: 'refuse' | 'set-role' },
): Promise<{ operator: Operator; change: 'added' | 'role_changed' | 'unchanged' }> {
  const email = normalizeEmail(options.email);
  const { role, by } = options;
  const outcome = await locked(ctx, async (tx) => {
    const user = await findOrCreateUserByEmail(
      { db: tx, clock: ctx.clock },
      { project: { id: OPERATORS_PROJECT_ID }, tokenMode: 'live', email, status: 'active' },
    );
    const [existing] = rowsOf<{ id: string; role: OperatorRole }>(
      await tx.execute(sql`SELECT id, role FROM operators WHERE user_id = ${user.userId} FOR UPDATE`),
    );
    if (existing === undefined) {
      const id = `operator-${randomUUID()}`;
      await tx.execute(sql`INSERT INTO operators (id, user_id, role, created_at, created_by)
        VALUES (${id}, ${user.userId}, ${role}, ${ctx.clock.now().toISOString()}::timestamptz,
          ${'id' in by.actor ? by.actor.id : 'system'})`);
      await recordChange(tx, ctx, by, user.userId, {
        type: 'operator.added',
        payload: { operator_id: id, role },
      });
      return { id, change: 'added' as const };
    }
    if (options.ifExists === 'refuse') {
      throw new ApiError('operator_exists', `${email} is an operator already; change their role instead.`);
    }
    if (existing.role === role) return { id: existing.id, change: 'unchanged' as const };
    await setRole(tx, ctx, by, { id: existing.id, userId: user.userId, before: existing.role, after: role });
    return { id: existing.id, change: 'role_changed' as const };
  });
  const operator = await findOperator(ctx, { operatorId: outcome.id });
  return { operator: operator!, change: outcome.change };
}

async function setRole(
  tx: Db,
  ctx: Pick<AppContext, 'clock'>,
  by: OperatorChangeBy,
  change: { id: string; userId: string; before: OperatorRole; after: OperatorRole },
): Promise<void> {
  await tx.execute(sql`UPDATE operators SET role = ${change.after} WHERE id = ${change.id}`);
  if (change.before === 'owner' && (await ownerCount(tx)) === 0) throw lastOwner();
  await recordChange(tx, ctx, by, change.userId, {
    type: 'operator.role_changed',
    payload: { operator_id: change.id, before: change.before, after: change.after },
  });
}

/** Changes an operator's role (404 operator_not_found; 409 last_owner when it would demote the last owner). */
export async function changeOperatorRole(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { operatorId: string; role: OperatorRole; by: OperatorChangeBy },
): Promise<Operator> {
  await locked(ctx, async (tx) => {
    const [existing] = rowsOf<{ id: string; user_id: string; role: OperatorRole }>(
      await tx.execute(
        sql`SELECT id, user_id, role FROM operators WHERE id = ${options.operatorId} FOR UPDATE`,
      ),
    );
    if (existing === undefined) throw operatorNotFound();
    if (existing.role === options.role) return;
    await setRole(tx, ctx, options.by, {
      id: existing.id,
      userId: existing.user_id,
      before: existing.role,
      after: options.role,
    });
  });
  const operator = await findOperator(ctx, { operatorId: options.operatorId });
  if (operator === null) throw operatorNotFound();
  return operator;
}

/**
 * Removes an operator (404 operator_not_found; 409 last_owner for the last owner): their role goes and their
 * sessions in the operators project end at once. Their user stays (adding the address again finds it, with its
 * passkeys).
 */
export async function removeOperator(
  ctx: AppContext,
  options: { operatorId: string; by: OperatorChangeBy },
): Promise<Operator> {
  const operator = await findOperator(ctx, { operatorId: options.operatorId });
  if (operator === null) throw operatorNotFound();
  const ended = await locked(ctx, async (tx) => {
    const deleted = rowsOf<{ role: OperatorRole }>(
      await tx.execute(sql`DELETE FROM operators WHERE id = ${options.operatorId} RETURNING role`),
    );
    const [row] = deleted;
    if (row === undefined) throw operatorNotFound();
    if (row.role === 'owner' && (await ownerCount(tx)) === 0) throw lastOwner();
    await recordChange(tx, ctx, options.by, operator.user_id, {
      type: 'operator.removed',
      payload: { operator_id: options.operatorId, role: row.role },
    });
    return endUserSessions(tx, {
      projectId: OPERATORS_PROJECT_ID,
      userId: operator.user_id,
      sessionId: null,
      actor: options.by.actor,
      request: options.by.request,
      at: ctx.clock.now(),
    });
  });
  forgetSessionJwts(ctx, ended);
  return operator;
}
