// Projects: tokens, the secret stored only as SHA-256, the development project, the project file upsert.

import { randomBytes } from 'node:crypto';
import { PRODUCTS } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProjectCache } from '../../infra/auth';
import { CAPTCHA_SITE_KEY } from '../../infra/captcha';
import { loadConfig, parseProjectFile } from '../../infra/config';
import { type AppContext, systemClock } from '../../infra/context';
import { sha256 } from '../../infra/crypto';
import type { DatabaseHandle } from '../../infra/db/client';
import { projects } from '../../infra/db/schema';
import { createSecretBox } from '../../infra/secret-box';
import { openTestDatabase, resetDatabase, testDatabaseKinds } from '../../test-support/database';
import { oauthProviderConfig } from '../oauth/config';
import {
  configureDevProject,
  createProject,
  DEV_DEFAULTS_REVISION,
  DEV_PROJECT_ID,
  devProjectOrigins,
  devProjectRedirectUrls,
  ensureDevProject,
  findAppProject,
  syncProjectFile,
} from './project-service';

describe.each(testDatabaseKinds())('project service on %s', (kind) => {
  let handle: DatabaseHandle;
  let ctx: Pick<AppContext, 'db' | 'config' | 'projects' | 'secrets' | 'clock'>;

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    ctx = {
      db: handle.db,
      config: loadConfig({ NODE_ENV: 'development', PORT: '3000', PUBLIC_URL: 'http://gatehouse.test:3000' }),
      projects: new ProjectCache({ db: handle.db, excludeDevelopment: false }),
      // Issue 11: the project file's OAuth client secrets are stored encrypted.
      secrets: createSecretBox(randomBytes(32).toString('base64url')),
      clock: systemClock,
    };
  });
  beforeEach(async () => {
    await resetDatabase(handle);
  });
  afterAll(async () => {
    await handle.close();
  });

  it('creates a project with test and live tokens and stores only the secret’s SHA-256', async () => {
    const { project, secret } = await createProject(ctx, {
      name: 'Shop',
      allowedOrigins: ['https://shop.example'],
      allowedRedirectUrls: [],
      enabledProducts: ['emailMagicLinks'],
    });
    expect(project.publicTokenTest).toMatch(/^public-token-test-[0-9a-f-]{36}$/);
    expect(project.publicTokenLive).toMatch(/^public-token-live-[0-9a-f-]{36}$/);
    expect(secret.length).toBeGreaterThanOrEqual(43);
    expect(Buffer.from(project.secretHash).equals(Buffer.from(sha256(secret)))).toBe(true);
    const [row] = await ctx.db.select().from(projects);
    expect(JSON.stringify(row)).not.toContain(secret);
  });

  it('creates the development project once, with every product, and keeps its tokens across starts', async () => {
    const first = await ensureDevProject(ctx);
    expect(first.created).toBe(true);
    expect(first.project).toMatchObject({
      id: DEV_PROJECT_ID,
      isDevelopment: true,
      enabledProducts: [...PRODUCTS],
      allowedOrigins: ['http://gatehouse.test:3000', 'http://localhost:3000', 'http://127.0.0.1:3000'],
      allowedRedirectUrls: [
        'http://gatehouse.test:3000/authenticate',
        'http://gatehouse.test:3000/reset-password',
        'http://localhost:3000/authenticate',
        'http://localhost:3000/reset-password',
        'http://127.0.0.1:3000/authenticate',
        'http://127.0.0.1:3000/reset-password',
      ],
    });
    const [again, concurrent] = await Promise.all([ensureDevProject(ctx), ensureDevProject(ctx)]);
    expect(again.created || concurrent.created).toBe(false);
    expect(again.project.publicTokenTest).toBe(first.project.publicTokenTest);
    expect(await ctx.db.select().from(projects)).toHaveLength(1);
  });

  it('issue 20 item 6: new projects and the development project require PKCE for OAuth; an operator’s existing project keeps its setting', async () => {
    const { project } = await createProject(ctx, {
      name: 'Shop',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: ['oauth'],
    });
    expect(project.settings.pkce_required_for_oauth).toBe(true);
    // Links keep the reference's default (a link may be opened in another browser than the one that asked).
    expect(project.settings.pkce_required_for_email_magic_links).toBe(false);
    expect(project.settings.pkce_required_for_password_resets).toBe(false);
    expect((await ensureDevProject(ctx)).project.settings.pkce_required_for_oauth).toBe(true);

    // A project from before the change (settings stored with the old default) is not flipped by a file sync.
    await ctx.db
      .update(projects)
      .set({ settings: { ...project.settings, pkce_required_for_oauth: false } })
      .where(eq(projects.id, project.id));
    const [synced] = (await syncProjectFile(ctx, parseProjectFile({ projects: [{ name: 'Shop' }] }))).updated;
    expect(synced?.settings.pkce_required_for_oauth).toBe(false);
  });

  it('issue 20 item 6: a development project created before the change gets PKCE for OAuth once, at start; a later choice stays', async () => {
    const { project: dev } = await ensureDevProject(ctx);
    // As stored before the change: the old default and no revision.
    const { dev_defaults_revision: _revision, ...before } = dev.settings;
    await ctx.db
      .update(projects)
      .set({ settings: { ...before, pkce_required_for_oauth: false } })
      .where(eq(projects.id, DEV_PROJECT_ID));
    const upgraded = await ensureDevProject(ctx);
    expect(upgraded.created).toBe(false);
    expect(upgraded.project.publicTokenTest).toBe(dev.publicTokenTest);
    expect(upgraded.project.settings).toEqual({
      ...before,
      pkce_required_for_oauth: true,
      dev_defaults_revision: DEV_DEFAULTS_REVISION,
    });
    // The developer turns it off again (the project file's development entry, applied after ensureDevProject at
    // start): later starts, and GET /dev/project's ensureDevProject, leave it off.
    const [declaration] = parseProjectFile({
      projects: [{ name: 'Development', settings: { pkce_required_for_oauth: false } }],
    });
    await configureDevProject(ctx, declaration!);
    expect((await ensureDevProject(ctx)).project.settings.pkce_required_for_oauth).toBe(false);
    const [stored] = await ctx.db.select().from(projects).where(eq(projects.id, DEV_PROJECT_ID));
    expect(stored?.settings.pkce_required_for_oauth).toBe(false);
  });

  it('adds the new origins when PORT or PUBLIC_URL changed', async () => {
    const first = await ensureDevProject(ctx);
    const moved = { ...ctx, config: { ...ctx.config, port: 4000, publicUrl: 'http://localhost:4000' } };
    const { project } = await ensureDevProject(moved);
    expect(project.publicTokenTest).toBe(first.project.publicTokenTest);
    expect(project.allowedOrigins).toEqual(expect.arrayContaining(devProjectOrigins(moved.config)));
    expect(project.allowedRedirectUrls).toEqual(expect.arrayContaining(devProjectRedirectUrls(moved.config)));
  });

  it('upserts the project file by name: created once, then updated in place', async () => {
    const declarations = parseProjectFile({
      projects: [
        {
          name: 'Shop',
          allowed_origins: ['https://shop.example'],
          settings: { disable_sdk_watermark: true },
        },
        { name: 'Blog' },
      ],
    });
    const first = await syncProjectFile(ctx, declarations);
    expect(first.created.map((entry) => entry.project.name)).toEqual(['Shop', 'Blog']);
    expect(first.created[0]!.project.settings.disable_sdk_watermark).toBe(true);
    // Defaults fill what the file leaves out (bootstrap needs every key).
    expect(first.created[0]!.project.settings.captcha_settings).toEqual({
      enabled: true,
      siteKey: CAPTCHA_SITE_KEY,
    });

    const second = await syncProjectFile(
      ctx,
      parseProjectFile({
        projects: [
          { name: 'Shop', allowed_origins: ['https://new.shop.example'], enabled_products: ['otp'] },
        ],
      }),
    );
    expect(second.created).toHaveLength(0);
    expect(second.updated).toHaveLength(1);
    const shop = second.updated[0]!;
    expect(shop.id).toBe(first.created[0]!.project.id);
    expect(shop.publicTokenTest).toBe(first.created[0]!.project.publicTokenTest);
    expect(shop.allowedOrigins).toEqual(['https://new.shop.example']);
    expect(shop.enabledProducts).toEqual(['otp']);
    // Settings the file no longer mentions are kept.
    expect(shop.settings.disable_sdk_watermark).toBe(true);
    expect(await ctx.db.select().from(projects)).toHaveLength(2);
  });

  it('creates each project once when instances started together sync one project file at once (issue 23 item 7)', async () => {
    const declarations = parseProjectFile({ projects: [{ name: 'Shop' }, { name: 'Blog' }] });
    const results = await Promise.all([1, 2, 3].map(() => syncProjectFile(ctx, declarations)));
    expect(results.flatMap((result) => result.created.map((entry) => entry.project.name)).sort()).toEqual([
      'Blog',
      'Shop',
    ]);
    expect((await ctx.db.select().from(projects)).map((row) => row.name).sort()).toEqual(['Blog', 'Shop']);
  });

  it('configures the development project from a project-file entry of its name, keeping its tokens and origins', async () => {
    const { project: dev } = await ensureDevProject(ctx);
    const [declaration] = parseProjectFile({
      projects: [
        {
          name: 'Development',
          allowed_origins: ['https://elsewhere.example'],
          enabled_products: ['oauth', 'emailMagicLinks'],
          settings: { disable_sdk_watermark: true },
          oauth_providers: { google: { client_id: 'dev-client', client_secret: 'dev-secret' } },
        },
      ],
    });
    const configured = await configureDevProject(ctx, declaration!);
    expect(configured.id).toBe(DEV_PROJECT_ID);
    expect(configured.publicTokenTest).toBe(dev.publicTokenTest);
    expect(configured.allowedOrigins).toEqual(dev.allowedOrigins);
    expect(configured.enabledProducts).toEqual(['oauth', 'emailMagicLinks']);
    expect(configured.settings.disable_sdk_watermark).toBe(true);
    const google = await oauthProviderConfig(ctx as AppContext, DEV_PROJECT_ID, 'google');
    expect(google?.clientId).toBe('dev-client');
    expect(google?.clientSecret).toBe('dev-secret');
    // No second project named Development.
    expect(await ctx.db.select().from(projects)).toHaveLength(1);
  });

  it('picks the app project: dev project outside production; APP_PROJECT_ID, else the oldest, in production, never the dev project there', async () => {
    const dev = (await ensureDevProject(ctx)).project;
    const shop = (
      await createProject(ctx, {
        name: 'Shop',
        allowedOrigins: [],
        allowedRedirectUrls: [],
        enabledProducts: [],
      })
    ).project;
    expect((await findAppProject(ctx, { appProjectId: shop.id }))?.id).toBe(dev.id);
    const production = { ...ctx, config: { ...ctx.config, env: 'production' as const } };
    expect((await findAppProject(production, { appProjectId: shop.id }))?.id).toBe(shop.id);
    expect((await findAppProject(production, { appProjectId: 'Shop' }))?.id).toBe(shop.id);
    // The dev project is older than Shop, and still never picked in production (AT-03), by default or by name.
    expect((await findAppProject(production, { appProjectId: null }))?.id).toBe(shop.id);
    expect(await findAppProject(production, { appProjectId: dev.id })).toBeNull();
    expect(await findAppProject(production, { appProjectId: dev.name })).toBeNull();
    expect(await findAppProject(production, { appProjectId: 'missing' })).toBeNull();
  });
});
