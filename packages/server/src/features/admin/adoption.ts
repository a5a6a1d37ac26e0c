// Issue 26 "Overview: passkey and second-factor adoption": how many of a project's users hold a passkey, and how many
// a second factor, now (not over the stats range: a factor is held, not an event). The product's second factor is a
// confirmed authenticator app (TOTP): it is what `require_second_factor` steps a session up with
// (features/totps/second-factor.ts); a phone number or e-mail address is a first factor here, and recovery codes
// belong to a TOTP. A passkey is any confirmed WebAuthn registration (the widget's Passkeys product).
//
// Indexes (no migration): the users count is an index-only scan of users_project_created_idx (project_id leads); the
// passkey holders are read through webauthn_registrations_credential_uq (project_id, credential_id), so the cost
// follows the project's registrations, not its users; totps has no project index, so the second-factor count scans
// totps — a table of enrolments only (unconfirmed ones expire and are purged), a fraction of the users. Walking
// users and probing totps_user_idx per user instead would cost a probe per user (a million at issue 26's scale).
import { type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { rowsOf } from '../users/user-sql';

export interface FactorAdoption {
  /** Every user of the project. */
  users: number;
  /** Users with at least one confirmed WebAuthn registration. */
  passkey_users: number;
  /** Users with a confirmed authenticator app (TOTP). */
  second_factor_users: number;
}

/** The one statement (adoption-query-plans.test.ts EXPLAINs it on PostgreSQL). */
export function adoptionQuery(projectId: string): SQL {
  return sql`SELECT
      (SELECT count(*) FROM users WHERE project_id = ${projectId}) AS users,
      (SELECT count(DISTINCT user_id) FROM webauthn_registrations
        WHERE project_id = ${projectId} AND verified) AS passkey_users,
      (SELECT count(DISTINCT user_id) FROM totps WHERE project_id = ${projectId} AND verified) AS second_factor_users`;
}

export async function factorAdoption(
  ctx: Pick<AppContext, 'db'>,
  projectId: string,
): Promise<FactorAdoption> {
  const [row] = rowsOf<{
    users: number | string;
    passkey_users: number | string;
    second_factor_users: number | string;
  }>(await ctx.db.execute(adoptionQuery(projectId)));
  return {
    users: Number(row?.users ?? 0),
    passkey_users: Number(row?.passkey_users ?? 0),
    second_factor_users: Number(row?.second_factor_users ?? 0),
  };
}
