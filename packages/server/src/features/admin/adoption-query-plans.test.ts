// Issue 26 "passkey and second-factor adoption", in the manner of users-query-plans.test.ts: the adoption statement
// EXPLAINed with `enable_seqscan = off` on PostgreSQL. The users count is an index-only scan of
// users_project_created_idx and the passkey holders are read through webauthn_registrations_credential_uq (project_id
// leads both); totps, which has no project index, is the one table scanned — by design (adoption.ts: it holds
// enrolments only, and a probe per user would cost more at a million users). PostgreSQL only.
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app';
import { explainWithoutSeqScan } from '../../test-support/query-plans';
import { adoptionQuery } from './adoption';

describe.skipIf(!process.env.TEST_DATABASE_URL)('adoption query plan on PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'postgres' });
  });
  afterAll(() => t?.close());

  it('counts users and passkey holders through the project indexes; only totps is scanned', async () => {
    const query = new PgDialect().sqlToQuery(adoptionQuery(t.project.id));
    const all = await explainWithoutSeqScan(t.handle.pool!, { text: query.sql, values: query.params });
    const seqScanned = all
      .filter((node) => node['Node Type'] === 'Seq Scan')
      .map((node) => node['Relation Name']);
    expect(seqScanned).toEqual(['totps']);
    const indexes = all.map((node) => node['Index Name']).filter(Boolean);
    // The project's users through one of its users indexes (the planner picks among users_project_created_idx and
    // the list's other project-leading indexes of migration 0025 by their size).
    expect(
      indexes.some((name) => /^users_project_/.test(name as string)),
      String(indexes),
    ).toBe(true);
    expect(indexes).toContain('webauthn_registrations_credential_uq');
  });
});
