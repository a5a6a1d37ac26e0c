// Production fails closed (issue 8 item 3, security-tests.md AT-03): one test per setting it refuses to start
// without, each naming the key; and a production server that writes no outbox row and serves no development
// project, even when the database holds one. server.test.ts shows the real process exiting 1 with the message.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PRODUCTS, type Product, ROUTES } from '@gatehouse/protocol';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type BuildAppOptions, buildApp } from '../app';
import { createProject, ensureDevProject } from '../features/projects/project-service';
import { sdkRequest } from '../test-support/app';
import { openTestDatabase, resetDatabase, testDatabaseKinds } from '../test-support/database';
import { ProjectCache } from './auth';
import { ConfigError, loadConfig } from './config';
import type { AppConfig, ProjectRecord } from './context';
import type { DatabaseHandle } from './db/client';
import { outboxMessages } from './db/schema';

const SECRET_KEY = 'production-test-secret-key-0123456789abcdef';
const SMS: NonNullable<AppConfig['sms']> = {
  accountSid: 'AC123',
  authToken: 'token',
  from: '+15005550006',
  whatsappFrom: null,
  // Nothing listens there: a send that reached the provider would fail, which these tests never need.
  apiBaseUrl: 'http://127.0.0.1:9',
};

/** A production configuration that passes every check (a test then removes or breaks one setting). */
function productionConfig(overrides: Partial<AppConfig> = {}): Partial<AppConfig> {
  return {
    env: 'production',
    port: 3000,
    publicUrl: 'https://auth.example.com',
    secretKey: SECRET_KEY,
    databaseUrl: null,
    dataDir: null,
    smtpUrl: 'smtp://127.0.0.1:9',
    sms: SMS,
    projectFile: null,
    webDistDir: null,
    logLevel: 'silent',
    ...overrides,
  };
}

describe.each(testDatabaseKinds())('production start-up on %s', (kind) => {
  let handle: DatabaseHandle;
  const dist = mkdtempSync(join(tmpdir(), 'gatehouse-production-'));

  beforeAll(async () => {
    handle = await openTestDatabase(kind);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="en"><head><meta name="gatehouse-public-token" content="%GATEHOUSE_PUBLIC_TOKEN%"></head><body></body></html>',
    );
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dist, { recursive: true, force: true });
  });
  beforeEach(async () => {
    await resetDatabase(handle);
  });

  /** Rows written before the app starts, as an earlier start (or another instance) would have left them. */
  const seedContext = () => {
    const config = loadConfig({}, { env: 'test', publicUrl: 'https://auth.example.com', dataDir: null });
    return {
      db: handle.db,
      config,
      projects: new ProjectCache({ db: handle.db, excludeDevelopment: false }),
    };
  };
  const seedProject = async (name: string, enabledProducts: readonly Product[]): Promise<ProjectRecord> =>
    (
      await createProject(seedContext(), {
        name,
        allowedOrigins: ['https://app.example.com'],
        allowedRedirectUrls: ['https://app.example.com/authenticate'],
        enabledProducts,
      })
    ).project;
  const seedDevProject = async (): Promise<ProjectRecord> => (await ensureDevProject(seedContext())).project;

  const start = (config: Partial<AppConfig>, options: Partial<BuildAppOptions> = {}) =>
    buildApp({ config, database: handle, logger: false, ...options });

  async function refusal(
    config: Partial<AppConfig>,
    options: Partial<BuildAppOptions> = {},
  ): Promise<ConfigError> {
    try {
      const app = await start(config, options);
      await app.close();
    } catch (error) {
      if (error instanceof ConfigError) return error;
      throw error;
    }
    throw new Error('expected production start-up to be refused');
  }

  it('starts with every setting in place (the baseline the refusals below break)', async () => {
    await seedProject('Shop', PRODUCTS);
    const app = await start(productionConfig());
    await app.close();
  });

  it('refuses to start without PUBLIC_URL, naming it', async () => {
    const { publicUrl: _unset, ...config } = productionConfig();
    const error = await refusal(config);
    expect(error.key).toBe('PUBLIC_URL');
    expect(error.message).toContain('Invalid configuration: PUBLIC_URL is not set');
  });

  it('refuses an http:// PUBLIC_URL on a host that is not loopback, naming it', async () => {
    const error = await refusal(productionConfig({ publicUrl: 'http://auth.example.com' }));
    expect(error.key).toBe('PUBLIC_URL');
    expect(error.message).toContain(
      'PUBLIC_URL is "http://auth.example.com"; allowed in production: an https://',
    );
  });

  it.each(['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000'])(
    'accepts http:// on the loopback host %s (a production build tried out locally)',
    async (publicUrl) => {
      const app = await start(productionConfig({ publicUrl }));
      await app.close();
    },
  );

  it('refuses to start without SECRET_KEY, naming it', async () => {
    const error = await refusal(productionConfig({ secretKey: null }));
    expect(error.key).toBe('SECRET_KEY');
    expect(error.message).toContain('SECRET_KEY is missing; production needs at least 32 random characters');
  });

  it.each<[Product]>([['emailMagicLinks'], ['passwords'], ['otp']])(
    'refuses a project with %s and no SMTP server, naming SMTP_URL and the project',
    async (product) => {
      const project = await seedProject('Shop', [product, 'passkeys']);
      const error = await refusal(productionConfig({ smtpUrl: null }));
      expect(error.key).toBe('SMTP_URL');
      expect(error.message).toContain(`project "Shop" (${project.id}) enables ${product}`);
    },
  );

  it('refuses a project with otp and no SMS provider, naming TWILIO_ACCOUNT_SID and the project', async () => {
    const project = await seedProject('Shop', ['otp']);
    const error = await refusal(productionConfig({ sms: null }));
    expect(error.key).toBe('TWILIO_ACCOUNT_SID');
    expect(error.message).toContain(`project "Shop" (${project.id}) enables otp`);
  });

  it('needs no provider for products that send nothing, and ignores the development project', async () => {
    await seedProject('Passkeys only', ['passkeys', 'oauth', 'crypto']);
    await seedDevProject();
    const app = await start(productionConfig({ smtpUrl: null, sms: null }));
    await app.close();
  });

  it('refuses more than one project without APP_PROJECT_ID, naming it', async () => {
    await seedProject('Shop', ['passkeys']);
    await seedProject('Blog', ['passkeys']);
    const error = await refusal(productionConfig());
    expect(error.key).toBe('APP_PROJECT_ID');
    expect(error.message).toContain('APP_PROJECT_ID is not set, but 2 projects exist ("Shop"');
    const app = await start(productionConfig(), { appProjectId: 'Blog' });
    await app.close();
  });

  it('refuses an APP_PROJECT_ID that names no project, naming it', async () => {
    await seedProject('Shop', ['passkeys']);
    const error = await refusal(productionConfig(), { appProjectId: 'Shopp' });
    expect(error.key).toBe('APP_PROJECT_ID');
    expect(error.message).toContain(
      'APP_PROJECT_ID is "Shopp", which names no project; allowed: the id or name of one of "Shop"',
    );
  });

  it('refuses an APP_PROJECT_ID that names the development project', async () => {
    await seedProject('Shop', ['passkeys']);
    const dev = await seedDevProject();
    for (const appProjectId of [dev.id, dev.name]) {
      expect((await refusal(productionConfig(), { appProjectId })).key).toBe('APP_PROJECT_ID');
    }
  });

  it('checks the projects of the project file too (they are synced before the checks)', async () => {
    const file = join(dist, 'projects.json');
    writeFileSync(
      file,
      JSON.stringify({ projects: [{ name: 'Declared', enabled_products: ['emailMagicLinks'] }] }),
    );
    const error = await refusal(productionConfig({ smtpUrl: null, projectFile: file }));
    expect(error.key).toBe('SMTP_URL');
    expect(error.message).toContain('project "Declared"');
  });

  it('refuses a password_migration_url that is not https (issue 24 item 5), naming the key, never the secret', async () => {
    const file = join(dist, 'projects.json');
    const declare = (url: string) =>
      writeFileSync(
        file,
        JSON.stringify({
          projects: [
            {
              name: 'Migrating',
              enabled_products: ['emailMagicLinks'],
              settings: {
                password_migration_url: url,
                password_migration_secret: 'old-provider-secret-0123456789',
              },
            },
          ],
        }),
      );
    declare('http://old.example.com/signin');
    const error = await refusal(productionConfig({ projectFile: file }));
    expect(error.key).toBe('PROJECT_FILE settings.password_migration_url');
    expect(error.message).toContain('project "Migrating"');
    expect(error.message).not.toContain('old-provider-secret');
    declare('https://old.example.com/signin');
    const app = await start(productionConfig({ projectFile: file }));
    await app.close();
    const stored = await handle.db.execute(sql`SELECT settings::text AS settings FROM projects`);
    const text = JSON.stringify(stored);
    expect(text).toContain('password_migration_secret_ciphertext');
    expect(text).not.toContain('old-provider-secret');
  });

  it('never serves or uses a development project, even when the database holds one', async () => {
    const dev = await seedDevProject();
    const shop = await seedProject('Shop', ['passkeys']);
    const app = await start(productionConfig({ webDistDir: dist }));
    try {
      expect(app.gatehouseStartup.devProject).toBeNull();
      for (const token of [dev.publicTokenTest, dev.publicTokenLive]) {
        const refused = await sdkRequest(app, {
          method: 'GET',
          url: ROUTES.bootstrap(token),
          publicToken: token,
        });
        expect(refused.statusCode).toBe(401);
        expect(refused.json().error_type).toBe('invalid_public_token');
      }
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(`content="${shop.publicTokenTest}"`);
      expect(page.body).not.toContain(dev.publicTokenTest);
      for (const url of ['/dev/project', '/dev/outbox', '/dev/outbox/messages']) {
        expect((await app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await app.close();
    }
  });

  it('writes no outbox row when a send has no provider (a project added after start-up)', async () => {
    await seedProject('Passkeys only', ['passkeys']);
    const app = await start(productionConfig({ smtpUrl: null, sms: null }));
    try {
      // Another instance (or a later project-file sync) adds a project whose messages this one cannot deliver.
      const late = await seedProject('Late', ['emailMagicLinks', 'otp']);
      app.gatehouse.projects.clear();
      const token = late.publicTokenLive;
      const email = await sdkRequest(app, {
        method: 'POST',
        url: ROUTES.magicLinksEmailLoginOrCreate,
        publicToken: token,
        body: { email: 'ada@example.com', login_magic_link_url: 'https://app.example.com/authenticate' },
      });
      expect(email.statusCode).toBe(503);
      expect(email.json().error_type).toBe('email_delivery_failed');
      const sms = await sdkRequest(app, {
        method: 'POST',
        url: ROUTES.otps.loginOrCreate('sms'),
        publicToken: token,
        body: { phone_number: '+14155550123' },
      });
      expect(sms.statusCode).toBe(503);
      expect(sms.json().error_type).toBe('sms_delivery_failed');
      await expect(
        app.gatehouse.delivery.send({
          channel: 'whatsapp',
          to: '+14155550123',
          projectId: late.id,
          text: '123456',
        }),
      ).rejects.toThrow('production does not store text messages in the dev outbox');
      const [row] = await handle.db.select({ count: sql<number>`count(*)::int` }).from(outboxMessages);
      expect(Number(row?.count)).toBe(0);
    } finally {
      await app.close();
    }
  });
});
