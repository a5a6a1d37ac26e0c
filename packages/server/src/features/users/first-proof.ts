// Issue 20 item 1, "first proof wins, whole" (security-tests.md AT-06, AT-01; Sudhodanan & Paverd, "Pre-hijacked
// accounts", USENIX Security 2022: classic-federated merge, unexpired session, non-verifying IdP).
//
// A squatter signs up by POST /passwords with a victim's address (typing an address proves nothing), then attaches
// credentials of their own with that session: a wallet, a passkey, an authenticator app, a phone number or a second
// address they prove, a social account linked through that address. When the victim later proves the address (a login
// link, a passcode, a reset link, a provider vouching for it), login_or_create resolves to the squatter's user. The
// rule: when an address the account holds UNPROVEN is proven for the first time by someone who is not signed in to that
// account, the prover gets the account with nothing that was attached before the proof: every credential and identity
// (password, wallets, passkeys, authenticator apps and their recovery codes, social accounts, biometric
// registrations, every other e-mail address and phone number, proven or not) is removed and every session ends, in one
// transaction with the proof.
//
// Why strip the user rather than give the prover a fresh one: the common case of this rule is not a squatter but the
// address's own owner — someone who signed up with a password and later uses their first login link or "Forgot
// password?". Stripping keeps their user id, so everything the application keyed on it stays theirs; a fresh user
// would orphan every such account at its first reset. It also keeps the user_id that login_or_create answered the one
// that signs in. What Gatehouse cannot clean is the application's own data about that user id from before the proof;
// the README tells applications to treat an account as unproven until an address is verified. Name and metadata stay:
// they grant no access.
//
// When the prover is already signed in to that account (a secondary redemption by a session of the same user), the
// session's holder controls both the account and the address: nothing is stripped. A pending claim proven by its own
// session is an address being ADDED (issue 8), not a first proof.
//
// Races (security-tests.md Part 7 §10, READ COMMITTED): the proof holds the user row FOR UPDATE for its whole
// transaction. A session is written (features/sessions issueSession) and a credential is attached on a session's
// behalf (lockLiveSession) only under that row FOR KEY SHARE, re-checking afterwards that the credential or the
// session still exists: either the write commits first and the strip below removes it, or it waits for the strip
// and finds its credential or session gone. A social account linked through another address of the account waits on
// that address's row, which the strip deletes before it removes the social accounts.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import {
  biometricRegistrations,
  cryptoWallets,
  oauthRegistrations,
  passwords,
  sessions,
  totps,
  userEmails,
  userPhoneNumbers,
  webauthnChallenges,
  webauthnRegistrations,
} from '../../infra/db/schema';
import { rowsOf } from './user-sql';

type Transaction = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/** What the strip removed, counted (tests and logs; never identifiers). */
export interface StrippedAccount {
  sessionIds: string[];
  identifiers: number;
  credentials: number;
}

/**
 * Inside the proving transaction, which holds the user row FOR UPDATE (proveIdentifier): removes everything `userId`
 * holds but identifier `keepId`, and ends every session of the user.
 */
export async function stripAccount(
  tx: Transaction,
  options: { userId: string; keepId: string },
): Promise<StrippedAccount> {
  const { userId, keepId } = options;
  // Sessions first: a concurrent credential write holds its session row (FOR KEY SHARE) until it commits.
  const ended = rowsOf<{ id: string }>(
    await tx.execute(sql`DELETE FROM ${sessions} WHERE ${sessions.userId} = ${userId} RETURNING id`),
  );
  // Then the other identifiers (a social sign-in linking through one of them holds that row until it commits), and
  // pending claims of this user (they died with the sessions already; a claim has no session-less form).
  const identifiers = rowsOf<{ n: number }>(
    await tx.execute(sql`WITH e AS (
        DELETE FROM ${userEmails} WHERE ${userEmails.userId} = ${userId} AND ${userEmails.id} <> ${keepId} RETURNING 1
      ), p AS (
        DELETE FROM ${userPhoneNumbers} WHERE ${userPhoneNumbers.userId} = ${userId}
          AND ${userPhoneNumbers.id} <> ${keepId} RETURNING 1
      ) SELECT ((SELECT count(*) FROM e) + (SELECT count(*) FROM p))::int AS n`),
  )[0]?.n;
  // Last, every credential, in a statement that sees whatever committed while the two above waited.
  const credentials = rowsOf<{ n: number }>(
    await tx.execute(sql`WITH pw AS (
        DELETE FROM ${passwords} WHERE ${passwords.userId} = ${userId} RETURNING 1
      ), w AS (
        DELETE FROM ${cryptoWallets} WHERE ${cryptoWallets.userId} = ${userId} RETURNING 1
      ), pk AS (
        DELETE FROM ${webauthnRegistrations} WHERE ${webauthnRegistrations.userId} = ${userId} RETURNING 1
      ), t AS (
        DELETE FROM ${totps} WHERE ${totps.userId} = ${userId} RETURNING 1
      ), o AS (
        DELETE FROM ${oauthRegistrations} WHERE ${oauthRegistrations.userId} = ${userId} RETURNING 1
      ), b AS (
        DELETE FROM ${biometricRegistrations} WHERE ${biometricRegistrations.userId} = ${userId} RETURNING 1
      ), c AS (
        DELETE FROM ${webauthnChallenges} WHERE ${webauthnChallenges.userId} = ${userId} RETURNING 1
      ) SELECT ((SELECT count(*) FROM pw) + (SELECT count(*) FROM w) + (SELECT count(*) FROM pk)
        + (SELECT count(*) FROM t) + (SELECT count(*) FROM o) + (SELECT count(*) FROM b))::int AS n`),
  )[0]?.n;
  return {
    sessionIds: ended.map((row) => row.id),
    identifiers: identifiers ?? 0,
    credentials: credentials ?? 0,
  };
}
