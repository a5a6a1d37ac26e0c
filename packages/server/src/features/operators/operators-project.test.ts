// Issue 26 item 2: "operators are users of a reserved operators project" — made once by instances starting together,
// its origins and redirect URLs following PUBLIC_URL, and never taken for an ordinary project: not the web app's
// (findAppProject, in production or not), not a project file entry's, not counted by the production checks, not one
// the import CLI picks.
import { PRODUCTS } from '@gatehouse/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProjectCache } from '../../infra/auth';
import { parseProjectFile } from '../../infra/config';
import type { AppContext } from '../../infra/context';
import { assertProductionReady } from '../../infra/production-checks';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { chooseProject } from '../import/cli';
import { listAdminProjects } from '../projects/project-admin';
import { createProject, findAppProject, syncProjectFile } from '../projects/project-service';
import { rowsOf } from '../users/user-sql';
import {
  ensureOperatorsProject,
  findOperatorsProject,
  OPERATORS_PROJECT_ID,
  OPERATORS_PROJECT_NAME,
} from './operators-project';

describe.each(testDatabaseKinds())('the operators project on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const count = async () =>
    rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`SELECT count(*)::int AS n FROM projects WHERE id = ${OPERATORS_PROJECT_ID}`),
    )[0]?.n;
  const withConfig = (config: Partial<AppContext['config']>): AppContext => ({
    ...t.ctx,
    config: { ...t.ctx.config, ...config },
  });

  it('is made once, even by starts at the same time, with the console’s origins, redirect URLs and products', async () => {
    const results = await Promise.all([ensureOperatorsProject(t.ctx), ensureOperatorsProject(t.ctx)]);
    expect(results.map((result) => result.created).sort()).toEqual([false, true]);
    expect(await count()).toBe(1);
    const project = (await findOperatorsProject(t.ctx))!;
    expect(project).toMatchObject({
      name: OPERATORS_PROJECT_NAME,
      isDevelopment: false,
      allowedOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
      allowedRedirectUrls: [
        'http://localhost:3000/console/authenticate',
        'http://localhost:3000/console',
        'http://127.0.0.1:3000/console/authenticate',
        'http://127.0.0.1:3000/console',
      ],
      enabledProducts: ['emailMagicLinks', 'passkeys'],
    });
    expect(project.settings.require_second_factor).toBe(true);

    // A new PUBLIC_URL (production: that origin only) replaces them; the tokens stay.
    const moved = await ensureOperatorsProject(
      withConfig({ env: 'production', publicUrl: 'https://auth.example.com' }),
    );
    expect(moved.project).toMatchObject({
      allowedOrigins: ['https://auth.example.com'],
      allowedRedirectUrls: [
        'https://auth.example.com/console/authenticate',
        'https://auth.example.com/console',
      ],
      publicTokenTest: project.publicTokenTest,
      publicTokenLive: project.publicTokenLive,
    });
    // The console served on another origin too (a separate listener) adds it.
    const elsewhere = await ensureOperatorsProject(
      withConfig({ env: 'production', publicUrl: 'https://auth.example.com' }),
      {
        extraOrigins: ['https://console.example.com'],
      },
    );
    expect(elsewhere.project.allowedOrigins).toEqual([
      'https://auth.example.com',
      'https://console.example.com',
    ]);
    expect(elsewhere.project.allowedRedirectUrls).toContain(
      'https://console.example.com/console/authenticate',
    );
    // Its public token is served in production too (it is no development project).
    const production = new ProjectCache({ db: t.ctx.db, excludeDevelopment: true });
    expect((await production.resolve(project.publicTokenLive))?.project.id).toBe(OPERATORS_PROJECT_ID);
  });

  it('is never the web app’s project, in production or not, by default, id or name', async () => {
    await ensureOperatorsProject(t.ctx);
    await t.ctx.db.execute(sql`DELETE FROM projects WHERE id <> ${OPERATORS_PROJECT_ID}`);
    for (const env of ['test', 'production'] as const) {
      const ctx = withConfig({ env });
      for (const appProjectId of [null, OPERATORS_PROJECT_ID, OPERATORS_PROJECT_NAME]) {
        expect(await findAppProject(ctx, { appProjectId }), `${env} ${appProjectId}`).toBeNull();
      }
    }
    // Older than any other project, it is still not "the oldest project".
    const shop = (
      await createProject(t.ctx, {
        name: 'Shop',
        allowedOrigins: [],
        allowedRedirectUrls: [],
        enabledProducts: PRODUCTS,
      })
    ).project;
    for (const env of ['test', 'production'] as const) {
      expect((await findAppProject(withConfig({ env }), { appProjectId: null }))?.id).toBe(shop.id);
    }
    expect((await listAdminProjects(t.ctx)).map((project) => project.id)).toEqual([shop.id]);
    expect((await chooseProject(t.app, undefined)).id).toBe(shop.id);
  });

  it('a project file entry of the same name makes a project of its own and leaves the operators project alone', async () => {
    const before = (await ensureOperatorsProject(t.ctx)).project;
    const synced = await syncProjectFile(
      t.ctx,
      parseProjectFile({
        projects: [{ name: OPERATORS_PROJECT_NAME, allowed_origins: ['https://evil.example'] }],
      }),
    );
    expect(synced.created.map((created) => created.project.id)).not.toContain(OPERATORS_PROJECT_ID);
    expect(synced.updated).toEqual([]);
    expect((await findOperatorsProject(t.ctx))?.allowedOrigins).toEqual(before.allowedOrigins);
  });

  it('production checks count it out; CONSOLE_OWNER_EMAIL without SMTP_URL refuses to start, naming SMTP_URL', async () => {
    await ensureOperatorsProject(t.ctx);
    await t.ctx.db.execute(sql`DELETE FROM projects WHERE id <> ${OPERATORS_PROJECT_ID}`);
    await createProject(t.ctx, {
      name: 'Passkeys only',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: ['passkeys'],
    });
    const production = {
      env: 'production' as const,
      publicUrl: 'https://auth.example.com',
      smtpUrl: null,
      sms: null,
    };
    // One project the web app may serve, none of it sending e-mail: the operators project's login links do not
    // count (no APP_PROJECT_ID asked, no SMTP_URL) …
    await expect(
      assertProductionReady(withConfig({ ...production, consoleOwnerEmail: null }), { appProjectId: null }),
    ).resolves.toBeUndefined();
    // … until an owner must sign in by e-mail.
    await expect(
      assertProductionReady(withConfig({ ...production, consoleOwnerEmail: 'owner@example.com' }), {
        appProjectId: null,
      }),
    ).rejects.toThrow(/Invalid configuration: SMTP_URL is not set, but CONSOLE_OWNER_EMAIL is/);
  });
});
