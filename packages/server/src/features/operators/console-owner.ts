// Issue 26 item 2: "The first owner: `CONSOLE_OWNER_EMAIL` at start ensures an owner with that address (outside
// production they sign in through the dev outbox; in production through the configured e-mail)". Idempotent: the
// address's user in the operators project is found or created and holds the owner role (an operator of another role
// is promoted); instances starting together are serialised by the operators lock (operator-store.ts), so one user and
// one operator row result, and one operator.added event. The actor is the system, the source the environment.
import type { AppContext } from '../../infra/context';
import { type Operator, putOperator } from './operator-store';

/** The `system` actor id of changes made at start from CONSOLE_OWNER_EMAIL. */
export const CONSOLE_OWNER_ACTOR_ID = 'console_owner_email';

export async function ensureConsoleOwner(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  email: string,
): Promise<{ operator: Operator; change: 'added' | 'role_changed' | 'unchanged' }> {
  return putOperator(ctx, {
    email,
    role: 'owner',
    by: {
      actor: { type: 'system', id: CONSOLE_OWNER_ACTOR_ID },
      request: null,
      source: 'console_owner_email',
    },
    ifExists: 'set-role',
  });
}
