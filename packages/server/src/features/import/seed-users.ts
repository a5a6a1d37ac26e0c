// Issue 23 item 6 ("a million users"): synthetic users for scale tests and benches, `npm run seed` (seed-cli.ts).
//
// Why INSERT … SELECT FROM generate_series and not COPY: the rows are made INSIDE PostgreSQL (or PGlite), so nothing
// crosses the wire but a few statements per batch, and no COPY client (pg-copy-streams) is needed; COPY would ship
// ~1 GB of text from Node for a million users and still pay the same index maintenance, which is most of the time.
// Only what SQL cannot make is computed here and inlined: TOTP secrets (AES-GCM under SECRET_KEY, the row id as
// context, exactly as an enrolment stores them) and EIP-55 wallet addresses (keccak).
//
// Proportions per user (deterministic by the user's number n, so a bench knows who has what): every user has one
// verified e-mail `seed-user-<n>@example.com` and one live session; 60 % a password (ONE argon2id hash of the given
// password, computed once by the caller and reused for every row: hashing a million would take hours); 30 % a
// verified phone; 20 % a Google link; 10 % a passkey (a random credential id and key bytes: looked up, never
// verified); 5 % a confirmed TOTP; 3 % an Ethereum wallet.
//
// Each batch is one transaction with session_replication_role = replica (superuser; PostgreSQL's own "bulk load"
// switch): the sub-record triggers of migration 0005 would otherwise recompute users.profile once per sub-record
// (a locked UPDATE of the user row each time). Instead the users are first written to a temporary table, their
// profile documents computed ONCE from the sub-records with the very function the triggers use
// (gatehouse_user_profile), and then copied into `users`. Foreign keys are not checked in replica mode: every id
// below is made from n, so each reference points at a row of the same batch.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { AppContext } from '../../infra/context';
import { newId, randomToken } from '../../infra/crypto';
import { encryptSecret } from '../totps/service';
import { newTotpSecret } from '../totps/totp-code';

/**
 * Runs statements in one transaction. Not the app's pool: its statement and read timeouts (postgres-pool.ts) are
 * for requests, and a batch of 50,000 users takes seconds.
 */
export type SeedExecutor = (statements: readonly string[]) => Promise<void>;

/** Through one connection that takes several statements in one text: a pg.Client, or DatabaseHandle.execute. */
export function sqlTextExecutor(execute: (sqlText: string) => Promise<unknown>): SeedExecutor {
  return async (statements) => {
    await execute(['BEGIN', ...statements, 'COMMIT'].join(';\n'));
  };
}

/** Through drizzle (PGlite: it has no timeouts). */
export function drizzleExecutor(db: AppContext['db']): SeedExecutor {
  return (statements) =>
    db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
}

export interface SeedUsersOptions {
  projectId: string;
  tokenMode: 'test' | 'live';
  /** How many users to add. */
  users: number;
  /** The number n of the first user (default 0): a second run continues where the first stopped. */
  start?: number;
  /** The stored form of the one password every password user shares (an argon2id PHC string). */
  passwordHash: string;
  /** Users per transaction (default 50,000). */
  batchSize?: number;
  onProgress?: (progress: { done: number; total: number }) => void;
}

export interface SeededUsers {
  /** Users written. */
  users: number;
  start: number;
  /** Random per run: the session token of user n is `sessionTokenPrefix + n` (seedSessionToken). */
  sessionTokenPrefix: string;
  milliseconds: number;
}

/** Proportions by n (see the header). */
export const SEED_MIX = {
  hasPassword: (n: number) => n % 10 < 6,
  hasPhone: (n: number) => n % 10 >= 7,
  hasOauth: (n: number) => n % 5 === 0,
  hasPasskey: (n: number) => n % 10 === 7,
  hasTotp: (n: number) => n % 20 === 3,
  hasWallet: (n: number) => n % 33 === 1,
} as const;

export function seedEmail(n: number): string {
  return `seed-user-${n}@example.com`;
}

/** A UK mobile number (+44 74…), unique per n below 10^8. */
export function seedPhone(n: number): string {
  return `+4474${String(n).padStart(8, '0')}`;
}

export function seedSessionToken(prefix: string, n: number): string {
  return `${prefix}${n}`;
}

const DEFAULT_BATCH = 50_000;

/** SQL literal of a string (standard_conforming_strings is on in both engines). */
function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** The SQL predicates of SEED_MIX, on the column n. */
const MIX_SQL = {
  hasPassword: 'n % 10 < 6',
  hasPhone: 'n % 10 >= 7',
  hasOauth: 'n % 5 = 0',
  hasPasskey: 'n % 10 = 7',
} as const;

export async function seedUsers(
  ctx: Pick<AppContext, 'secrets'>,
  run: SeedExecutor,
  options: SeedUsersOptions,
): Promise<SeededUsers> {
  const started = performance.now();
  const start = options.start ?? 0;
  const batchSize = options.batchSize ?? DEFAULT_BATCH;
  // Ids are made from n and a run salt, so references inside a batch line up without reading anything back.
  const salt = randomBytes(8).toString('hex');
  const sessionTokenPrefix = `seed_${randomToken(24)}_`;
  const mode = options.tokenMode;
  const id = (kind: string) => `'${kind}-${mode}-' || md5(${literal(`${salt}:${kind}:`)} || n)::uuid`;
  const project = literal(options.projectId);
  for (let from = start; from < start + options.users; from += batchSize) {
    const to = Math.min(from + batchSize, start + options.users) - 1;
    const series = `generate_series(${from}, ${to}) AS n`;
    const statements = [
      "SELECT set_config('session_replication_role', 'replica', true)",
      // A batch is no request: the pool's statement timeout (postgres-pool.ts) is not for it.
      "SELECT set_config('statement_timeout', '0', true)",
      'CREATE TEMP TABLE gatehouse_seed_users (LIKE users INCLUDING DEFAULTS) ON COMMIT DROP',
      `INSERT INTO gatehouse_seed_users (id, project_id, status, first_name, last_name, created_at)
        SELECT ${id('user')}, ${project}, 'active', 'Seed', 'User ' || n, now() FROM ${series}`,
      `INSERT INTO user_emails (id, user_id, project_id, email, verified, created_at)
        SELECT ${id('email')}, ${id('user')}, ${project}, 'seed-user-' || n || '@example.com', true, now()
        FROM ${series}`,
      `INSERT INTO user_phone_numbers (id, user_id, project_id, phone_number, verified, created_at)
        SELECT ${id('phone-number')}, ${id('user')}, ${project}, '+4474' || lpad(n::text, 8, '0'), true, now()
        FROM ${series} WHERE ${MIX_SQL.hasPhone}`,
      `INSERT INTO passwords (id, user_id, hash, created_at)
        SELECT ${id('password')}, ${id('user')}, ${literal(options.passwordHash)}, now()
        FROM ${series} WHERE ${MIX_SQL.hasPassword}`,
      `INSERT INTO oauth_registrations (id, user_id, project_id, provider_type, provider_subject, created_at)
        SELECT ${id('oauth-user-registration')}, ${id('user')}, ${project}, 'Google', '1' || lpad(n::text, 20, '0'), now()
        FROM ${series} WHERE ${MIX_SQL.hasOauth}`,
      `INSERT INTO webauthn_registrations (id, user_id, project_id, credential_id, public_key, domain, authenticator_type,
          name, is_passkey, backed_up, verified, created_at)
        SELECT ${id('webauthn-registration')}, ${id('user')}, ${project},
          rtrim(translate(encode(decode(md5(${literal(`${salt}:credential:`)} || n) || md5(${literal(`${salt}:credential2:`)} || n), 'hex'), 'base64'), '+/', '-_'), '='),
          decode(md5(${literal(`${salt}:key:`)} || n), 'hex'), 'localhost', 'platform', 'Passkey', true, true, true, now()
        FROM ${series} WHERE ${MIX_SQL.hasPasskey}`,
      ...extraRows(ctx, { from, to, salt, mode, projectId: options.projectId }),
      `INSERT INTO sessions (id, project_id, user_id, token_hash, started_at, last_accessed_at, expires_at, ip_address,
          user_agent, authentication_factors, authenticated_at)
        SELECT ${id('session')}, ${project}, ${id('user')},
          sha256(convert_to(${literal(sessionTokenPrefix)} || n, 'UTF8')), now(), now(), now() + interval '7 days',
          '127.0.0.1', 'seed', jsonb_build_array(jsonb_build_object('type', 'magic_link', 'delivery_method', 'email',
            'last_authenticated_at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),
            'email_factor', jsonb_build_object('email_id', ${id('email')}, 'email_address', 'seed-user-' || n || '@example.com'))),
          now()
        FROM ${series}`,
      'UPDATE gatehouse_seed_users u SET profile = gatehouse_user_profile(ROW(u.*)::users)',
      'INSERT INTO users SELECT * FROM gatehouse_seed_users',
    ];
    await run(statements);
    options.onProgress?.({ done: to + 1 - start, total: options.users });
  }
  // Fresh statistics, so the planner sees the tables' new sizes at once (autovacuum would take a while).
  await run([
    'ANALYZE users, user_emails, user_phone_numbers, passwords, oauth_registrations, webauthn_registrations, totps, crypto_wallets, sessions',
  ]);
  return { users: options.users, start, sessionTokenPrefix, milliseconds: performance.now() - started };
}

/** TOTPs and wallets of a batch, whose values need Node (encryption, keccak), as inlined VALUES. */
function extraRows(
  ctx: Pick<AppContext, 'secrets'>,
  batch: { from: number; to: number; salt: string; mode: 'test' | 'live'; projectId: string },
): string[] {
  const totpValues: string[] = [];
  const walletValues: string[] = [];
  for (let n = batch.from; n <= batch.to; n += 1) {
    if (SEED_MIX.hasTotp(n)) {
      const rowId = newId('totp', batch.mode);
      const secret = newTotpSecret();
      const ciphertext = encryptSecret(ctx, rowId, secret).toString('hex');
      totpValues.push(`(${n}, ${literal(rowId)}, decode('${ciphertext}', 'hex'))`);
    }
    if (SEED_MIX.hasWallet(n)) {
      const address = getAddress(`0x${randomBytes(20).toString('hex')}`);
      walletValues.push(`(${n}, ${literal(newId('crypto-wallet', batch.mode))}, ${literal(address)})`);
    }
  }
  const user = `'user-${batch.mode}-' || md5(${literal(`${batch.salt}:user:`)} || v.n)::uuid`;
  const project = literal(batch.projectId);
  const statements: string[] = [];
  if (totpValues.length > 0) {
    statements.push(`INSERT INTO totps (id, user_id, project_id, secret_ciphertext, verified, created_at)
      SELECT v.id, ${user}, ${project}, v.secret, true, now()
      FROM (VALUES ${totpValues.join(', ')}) AS v(n, id, secret)`);
  }
  if (walletValues.length > 0) {
    statements.push(`INSERT INTO crypto_wallets (id, user_id, project_id, address, wallet_type, verified, created_at)
      SELECT v.id, ${user}, ${project}, v.address, 'ethereum', true, now()
      FROM (VALUES ${walletValues.join(', ')}) AS v(n, id, address)`);
  }
  return statements;
}
