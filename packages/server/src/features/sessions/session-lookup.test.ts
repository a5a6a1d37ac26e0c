// The batched session lookup (issue 2 performance): concurrent lookups share statements, yet each gets its own
// row and a read that started after it was asked for — a revoked session is refused at once.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { SessionLookupBatcher } from './session-lookup';
import { createTestClock, type SignedInUser, signIn } from './test-fixtures';

function hashHex(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

describe.each(testDatabaseKinds())('session lookup on %s', (kind) => {
  const clock = createTestClock();
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp({ kind, clock });
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    await t.reset();
  });

  function countQueries() {
    const client = (t.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    return vi.spyOn(client, 'query');
  }

  it('answers 20 concurrent lookups of different sessions with their own rows in fewer statements', async () => {
    const signedIn: SignedInUser[] = [];
    for (let index = 0; index < 20; index++)
      signedIn.push(await signIn(t.ctx, t.project, `u${index}@example.com`));
    const batcher = new SessionLookupBatcher(t.ctx.db, 1);
    const spy = countQueries();
    try {
      const rows = await Promise.all(
        signedIn.map((user) => batcher.lookup(hashHex(user.session_token), t.project.id)),
      );
      rows.forEach((row, index) => {
        expect(row?.id).toBe(signedIn[index]!.session.session_id);
        expect(JSON.parse(row!.user!).user_id).toBe(signedIn[index]!.user_id);
      });
      expect(spy.mock.calls.length).toBeLessThan(20);
    } finally {
      spy.mockRestore();
    }
  });

  it('gives every lookup of the same token its own row, and null for unknown tokens or other projects', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const batcher = new SessionLookupBatcher(t.ctx.db, 1);
    const [a, b, unknown, otherProject] = await Promise.all([
      batcher.lookup(hashHex(ada.session_token), t.project.id),
      batcher.lookup(hashHex(ada.session_token), t.project.id),
      batcher.lookup(hashHex('not-a-token'), t.project.id),
      batcher.lookup(hashHex(ada.session_token), 'project-test-other'),
    ]);
    expect(a?.id).toBe(ada.session.session_id);
    expect(b?.id).toBe(ada.session.session_id);
    expect(a).not.toBe(b);
    expect(unknown).toBeNull();
    expect(otherProject).toBeNull();
  });

  it('a lookup asked for after a revocation never joins a read that started before it', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const batcher = new SessionLookupBatcher(t.ctx.db, 1);
    const early = batcher.lookup(hashHex(ada.session_token), t.project.id);
    await t.ctx.db.execute(sql`DELETE FROM sessions WHERE id = ${ada.session.session_id}`);
    const late = batcher.lookup(hashHex(ada.session_token), t.project.id);
    await early;
    expect(await late).toBeNull();
  });

  it('a failing statement rejects the lookups of its batch, and the next batch works again', async () => {
    const ada = await signIn(t.ctx, t.project, 'ada@example.com');
    const batcher = new SessionLookupBatcher(t.ctx.db, 1);
    const client = (t.ctx.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const spy = vi.spyOn(client, 'query').mockRejectedValueOnce(new Error('connection lost'));
    try {
      const failed = await Promise.allSettled([
        batcher.lookup(hashHex(ada.session_token), t.project.id),
        batcher.lookup(hashHex(ada.session_token), t.project.id),
      ]);
      expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
      expect((await batcher.lookup(hashHex(ada.session_token), t.project.id))?.id).toBe(
        ada.session.session_id,
      );
    } finally {
      spy.mockRestore();
    }
  });
});
