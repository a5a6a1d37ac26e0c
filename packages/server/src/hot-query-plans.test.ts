// Issue 23 item 6 ("every hot query on an index, checked by an EXPLAIN test on PostgreSQL"): the sign-in flows run
// against seeded users while every statement the app sends is recorded (test-support/query-capture.ts); each is
// then EXPLAINed with its own parameters and `enable_seqscan = off`, and a plan that still scans an application
// table sequentially fails the test. With seq scans priced out, the planner takes any index that can answer the
// query, so a Seq Scan left in the plan means no index can: the test fails for a missing index whatever the table
// sizes are, and needs only a few hundred rows to run in seconds. PostgreSQL only (PGlite plans alike, but it is not
// where a million users live).
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ethereumWallet, signInWith } from './features/crypto-wallets/test-helpers';
import {
  SEED_MIX,
  type SeededUsers,
  seedEmail,
  seedPhone,
  seedSessionToken,
  seedUsers,
  sqlTextExecutor,
} from './features/import/seed-users';
import { linkIn, recordingDelivery } from './features/magic-links/test-helpers';
import { findOrCreateProviderUser } from './features/oauth/login';
import { codeIn } from './features/otps/test-helpers';
import { CHEAP_ARGON2, nextLinkMessage, STRONG } from './features/passwords/test-helpers';
import { SoftwareAuthenticator } from './features/webauthn/test-authenticator';
import { authenticate as passkeyAuthenticate, registered } from './features/webauthn/test-helpers';
import { purgeExpired } from './infra/purge';
import { createTestApp, sdkRequest, type TestApp } from './test-support/app';
import { type CapturedQuery, captureQueries } from './test-support/query-capture';
import { seqScans, withSeqScanOff } from './test-support/query-plans';

const USERS = 300;

/** Statements a plan means something for (not BEGIN, SET, LISTEN, DO blocks, …). */
const EXPLAINABLE = /^\s*(\(?\s*select|insert|update|delete|with)\b/i;

describe.skipIf(!process.env.TEST_DATABASE_URL)('hot query plans on PostgreSQL', () => {
  let t: TestApp;
  let seeded: SeededUsers;
  const delivery = recordingDelivery();
  const captured: CapturedQuery[] = [];
  const flowNames: string[] = [];

  // Installed before the app opens its pool: postgres-pool.ts binds each client's query method when it first leases
  // the client, so a connection made before the capture would bypass it.
  const capture = captureQueries();

  beforeAll(async () => {
    // The PostgreSQL rate-limit store, so its statements are checked too (the store of instances without Redis).
    t = await createTestApp({ kind: 'postgres', argon2: CHEAP_ARGON2, delivery, limiterStore: 'postgres' });
    seeded = await seedUsers(t.ctx, sqlTextExecutor(t.handle.execute), {
      projectId: t.project.id,
      tokenMode: 'test',
      users: USERS,
      passwordHash: await t.ctx.passwords.hash(STRONG),
    });
    const post = (url: string, body: unknown, sessionToken?: string | null) =>
      sdkRequest(t.app, {
        method: 'POST',
        url,
        publicToken: t.publicToken,
        sessionToken: sessionToken ?? null,
        body,
      });
    const ok = async (response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
      const answered = await response;
      expect(answered.statusCode, answered.body).toBe(200);
      return (answered.json() as { data: Record<string, unknown> }).data;
    };
    const authenticator = new SoftwareAuthenticator();
    let loginLink = '';
    const wallet = ethereumWallet();

    // n = 3: a password and an authenticator app (SEED_MIX); n = 10: a password and a Google link; n = 17: a phone.
    const flows: Array<[string, () => Promise<unknown>]> = [
      [
        'session authenticate',
        () => ok(post(ROUTES.sessionsAuthenticate, {}, seedSessionToken(seeded.sessionTokenPrefix, 17))),
      ],
      [
        'users/me',
        () => {
          // The check above left this session in the session cache: emptied, so the read is planned here too.
          t.ctx.sessions.cache.invalidate('*');
          return sdkRequest(t.app, {
            method: 'GET',
            url: ROUTES.usersMe,
            publicToken: t.publicToken,
            sessionToken: seedSessionToken(seeded.sessionTokenPrefix, 17),
          });
        },
      ],
      [
        'password authenticate',
        () =>
          ok(
            post(ROUTES.passwords.authenticate, {
              email: seedEmail(10),
              password: STRONG,
              session_duration_minutes: 30,
            }),
          ),
      ],
      [
        'password reset start',
        async () => {
          const before = delivery.messages.length;
          await ok(post(ROUTES.passwords.emailResetStart, { email: seedEmail(10) }));
          // The link goes out after the answer (EN-02): its statements belong to this flow.
          await nextLinkMessage(delivery.messages, before);
        },
      ],
      [
        'login link send',
        async () => {
          const before = delivery.messages.length;
          await ok(post(ROUTES.magicLinksEmailLoginOrCreate, { email: seedEmail(11) }));
          loginLink = linkIn(await nextLinkMessage(delivery.messages, before)).token;
        },
      ],
      [
        'login link redeem',
        () => ok(post(ROUTES.magicLinksAuthenticate, { token: loginLink, session_duration_minutes: 30 })),
      ],
      ['OTP send (SMS)', () => ok(post(ROUTES.otps.loginOrCreate('sms'), { phone_number: seedPhone(17) }))],
      [
        'OTP verify',
        async () => {
          const methodId = (await ok(post(ROUTES.otps.loginOrCreate('email'), { email: seedEmail(12) })))
            .method_id;
          return ok(
            post(ROUTES.otps.authenticate, {
              method_id: methodId,
              token: codeIn(delivery.last()),
              session_duration_minutes: 30,
            }),
          );
        },
      ],
      [
        'TOTP authenticate',
        async () => {
          expect(SEED_MIX.hasTotp(3) && SEED_MIX.hasPassword(3)).toBe(true);
          const { session_token: sessionToken } = await ok(
            post(ROUTES.passwords.authenticate, { email: seedEmail(3), password: STRONG }),
          );
          // A wrong code: the lookup of the user's authenticator app runs all the same.
          return post(ROUTES.totps.authenticate, { totp_code: '000000' }, sessionToken as string);
        },
      ],
      [
        'passkey register and authenticate',
        async () => {
          const { session_token: sessionToken } = await ok(
            post(ROUTES.passwords.authenticate, { email: seedEmail(20), password: STRONG }),
          );
          await registered(t, authenticator, { userId: '', sessionToken: sessionToken as string });
          const answer = await passkeyAuthenticate(t, authenticator);
          expect(answer.statusCode, answer.body).toBe(200);
        },
      ],
      [
        'OAuth callback lookup',
        async () => {
          const profile = {
            subject: `1${String(10).padStart(20, '0')}`,
            email: seedEmail(10),
            emailVerified: true,
            name: { first_name: '', middle_name: '', last_name: '' },
            pictureUrl: '',
            locale: '',
          };
          const found = await findOrCreateProviderUser(
            t.ctx,
            { tokenMode: 'test', ip: '127.0.0.1', userAgent: 'plan-test', requestId: 'request-id-test-plan' },
            { projectId: t.project.id, provider: 'google', profile },
          );
          expect(found.created).toBe(false);
        },
      ],
      [
        'wallet sign-in (new, then returning)',
        async () => {
          await signInWith(t, wallet);
          await signInWith(t, wallet);
        },
      ],
      [
        'sign-out',
        () => ok(post(ROUTES.sessionsRevoke, {}, seedSessionToken(seeded.sessionTokenPrefix, 21))),
      ],
      ['purge of expired rows', () => purgeExpired(t.ctx)],
    ];
    flowNames.push(...flows.map(([name]) => name));
    try {
      for (const [flow, run] of flows) {
        capture.start(flow);
        await run().catch((error: unknown) => {
          throw new Error(`flow "${flow}" failed: ${(error as Error).message}`);
        });
      }
    } finally {
      capture.start(null);
    }
    captured.push(...capture.queries);
  });
  afterAll(async () => {
    capture.stop();
    await t?.close();
  });

  it('plans every statement of the sign-in flows on an index', async () => {
    const explainable = captured.filter((query) => EXPLAINABLE.test(query.text));
    // Every flow ran statements (a flow that silently did nothing would check nothing).
    expect([...new Set(explainable.map((query) => query.flow))]).toEqual(flowNames);
    const violations: string[] = [];
    await withSeqScanOff(t.handle.pool!, async (explain, connection) => {
      const { rows } = await connection.query<{ tablename: string }>(
        'SELECT tablename FROM pg_tables WHERE schemaname = current_schema()',
      );
      const tables = new Set(rows.map((row) => row.tablename));
      for (const query of explainable) {
        const scanned = seqScans(await explain(query.text, query.values)).filter((table) =>
          tables.has(table),
        );
        if (scanned.length > 0) {
          violations.push(`${query.flow}: Seq Scan on ${scanned.join(', ')} in\n${query.text}`);
        }
      }
    });
    expect(violations).toEqual([]);
  });

  it('indexes every foreign key onto rows the sign-in flows and the purge delete', async () => {
    // A cascade is not in any plan: PostgreSQL looks the referencing rows up by the foreign key's column, by a seq
    // scan when no index leads with it. Sessions end on every sign-out, revoke and purge; sign-ins drop other
    // users' claims of a proven address; the purge drops unconfirmed authenticator apps. (Foreign keys onto users and
    // projects are left out on purpose: deleting a user or a project is no hot path, and the rows pointing at
    // users without an index — login links, passcodes, challenges — are few and short-lived.)
    const result = await t.handle.pool!.query<{ referencing: string; column: string; referenced: string }>(
      `SELECT c.conrelid::regclass::text AS referencing, a.attname AS column, c.confrelid::regclass::text AS referenced
        FROM pg_constraint c JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
        WHERE c.contype = 'f' AND c.confrelid::regclass::text = ANY($1)
          AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = c.conrelid AND i.indkey[0] = c.conkey[1])`,
      [['sessions', 'user_emails', 'user_phone_numbers', 'totps']],
    );
    expect(result.rows).toEqual([]);
  });
});
