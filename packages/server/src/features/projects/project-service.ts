// Projects (issue 1 "Projects"): a test and a live public token, a secret stored only as its SHA-256, allowed
// origins, allowed redirect URLs, enabled products and the settings bootstrap returns (wire-format.md §4.11).
import { randomUUID } from 'node:crypto';
import { PRODUCTS, type Product } from '@gatehouse/protocol';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DevelopmentAllowlist } from '../../infra/auth';
import { CAPTCHA_SITE_KEY } from '../../infra/captcha';
import { mailFromDomain, type ProjectDeclaration } from '../../infra/config';
import type { AppConfig, AppContext, ProjectRecord } from '../../infra/context';
import { randomToken, sha256 } from '../../infra/crypto';
import type { Database } from '../../infra/db/client';
import { type ProjectSettings, projects } from '../../infra/db/schema';
import { DEV_PROJECT_NAME } from '../../infra/dev-origins';
import { sealPasswordMigrationSecret } from '../../infra/password-migration-secret';
import { assertSecretKeyRecorded } from '../../infra/secret-key';
import { saveOAuthProviderConfigs } from '../oauth/config';
import { syncFileWebhookEndpoints } from '../webhooks';

type ProjectContext = Pick<AppContext, 'db' | 'config' | 'projects'>;
/** syncProjectFile also stores OAuth clients and webhook endpoints, whose secrets are encrypted (issues 11, 25). */
type SyncContext = ProjectContext & Pick<AppContext, 'secrets' | 'clock'>;

/** The development project has a fixed id so concurrent first starts create it once (ON CONFLICT). */
export const DEV_PROJECT_ID = 'project-test-development';
/**
 * Issue 26 item 2: the reserved project whose users are the console's operators (features/operators). A fixed id, so
 * concurrent first starts create it once; it is never an ordinary project: never the web app's project
 * (findAppProject), never matched by the project file (syncProjectFile), never counted by the production checks, and
 * reachable through the admin API's project routes only for its event log (features/admin/admin-request.ts).
 */
export const OPERATORS_PROJECT_ID = 'project-operators';
export { DEV_PROJECT_NAME };

/**
 * Defaults of the bootstrap settings. The watermark shows (as with the reference SDK) unless a project turns it
 * off; password_config null = no LUDS rules (security-tests.md Part 7: LUDS conflicts with ASVS V6.2.5, zxcvbn is
 * the default policy). PKCE: OAuth requires it (issue 20 item 6: the SDK then sends a code_challenge with every
 * start, so an oauth token read from a redirect URL is worth nothing without the browser's verifier); login and
 * reset links keep the reference's false, since a link opened in another browser than the one that asked for it
 * (a phone's mail app) must still work.
 */
export function defaultProjectSettings(config: Pick<AppConfig, 'mailFrom'>): ProjectSettings {
  const domain = mailFromDomain(config.mailFrom);
  return {
    disable_sdk_watermark: false,
    cname_domain: null,
    email_domains: domain === null ? [] : [domain],
    // Issue 9 item 3: the self-hosted captcha is on unless a project turns it off. It is only ever asked of
    // callers that can solve it, past a soft threshold (infra/captcha.ts); the siteKey is informative.
    captcha_settings: { enabled: true, siteKey: CAPTCHA_SITE_KEY },
    pkce_required_for_email_magic_links: false,
    pkce_required_for_password_resets: false,
    pkce_required_for_oauth: true,
    password_config: null,
    rbac_policy: null,
    sms_daily_limit: null,
    sms_allowed_countries: null,
    require_second_factor: false,
  };
}

export function newPublicToken(mode: 'test' | 'live'): string {
  return `public-token-${mode}-${randomUUID()}`;
}

export function newProjectSecret(): string {
  return `secret-${randomToken(32)}`;
}

export interface CreateProjectOptions {
  name: string;
  allowedOrigins: string[];
  allowedRedirectUrls: string[];
  enabledProducts: readonly Product[];
  settings?: Partial<ProjectSettings>;
  isDevelopment?: boolean;
  /** A fixed id (the dev project); random otherwise. */
  id?: string;
}

export interface CreatedProject {
  project: ProjectRecord;
  /** The project secret, returned once: only its SHA-256 is stored. */
  secret: string;
}

export async function createProject(
  ctx: ProjectContext,
  options: CreateProjectOptions,
): Promise<CreatedProject> {
  const secret = newProjectSecret();
  const [project] = await ctx.db
    .insert(projects)
    .values({
      id: options.id ?? `project-${randomUUID()}`,
      name: options.name,
      publicTokenTest: newPublicToken('test'),
      publicTokenLive: newPublicToken('live'),
      secretHash: sha256(secret),
      allowedOrigins: options.allowedOrigins,
      allowedRedirectUrls: options.allowedRedirectUrls,
      enabledProducts: [...options.enabledProducts],
      settings: { ...defaultProjectSettings(ctx.config), ...options.settings },
      isDevelopment: options.isDevelopment ?? false,
    })
    .returning();
  ctx.projects.clear();
  return { project: project!, secret };
}

/** Origins of the development project: PUBLIC_URL plus localhost and 127.0.0.1 on PORT. */
export function devProjectOrigins(config: Pick<AppConfig, 'publicUrl' | 'port'>): string[] {
  return [
    ...new Set([config.publicUrl, `http://localhost:${config.port}`, `http://127.0.0.1:${config.port}`]),
  ];
}

/** `/authenticate` and `/reset-password` under each dev origin (the web app's landing pages). */
export function devProjectRedirectUrls(config: Pick<AppConfig, 'publicUrl' | 'port'>): string[] {
  return devProjectOrigins(config).flatMap((origin) => [
    `${origin}/authenticate`,
    `${origin}/reset-password`,
  ]);
}

/**
 * What the development project allows besides its own origins and redirect URLs (issue 21 item 3): the origins of
 * DEV_ALLOWED_ORIGINS, and the allowed_origins and allowed_redirect_urls of the project file's "Development"
 * entry. The ProjectCache adds them as it reads the project (infra/auth.ts DevelopmentAllowlist); they are not
 * stored, so an entry taken out of the variable or the file is gone at the next start. Every origin of the
 * development project also allows redirect URLs at any path on it (features/magic-links/redirect-url.ts).
 */
export function devProjectAllowlist(
  config: Pick<AppConfig, 'devAllowedOrigins'>,
  declaration: ProjectDeclaration | undefined,
): DevelopmentAllowlist {
  return {
    origins: [...new Set([...config.devAllowedOrigins, ...(declaration?.allowedOrigins ?? [])])],
    redirectUrls: declaration?.allowedRedirectUrls ?? [],
  };
}

/** The secure defaults a development project has been brought up to (ProjectSettings.dev_defaults_revision). */
export const DEV_DEFAULTS_REVISION = 1;

/**
 * The settings of a development project created before DEV_DEFAULTS_REVISION, brought up to it; null when it is
 * there already, so each revision applies once and a later change to the setting (the project file's development
 * entry, configureDevProject, runs after this at start) is kept.
 *
 * Revision 1 (issue 20 item 6) turns on pkce_required_for_oauth. Flipping it under a running project is safe for
 * the development project only: its clients are this server's own web app and the tools a developer points at
 * it, whose SDKs (Gatehouse's and Stytch's) read the flag from bootstrap and send a code_challenge whenever it is
 * set. An operator's project may have clients that build the start URL without one (a backend, a native app, an
 * SDK that caches bootstrap), which would start failing with missing_pkce; those keep what they have and opt in
 * through the project file.
 */
function devSettingsUpgrade(settings: ProjectSettings): ProjectSettings | null {
  if ((settings.dev_defaults_revision ?? 0) >= DEV_DEFAULTS_REVISION) return null;
  return { ...settings, pkce_required_for_oauth: true, dev_defaults_revision: DEV_DEFAULTS_REVISION };
}

/**
 * Creates the development project on first start, or refreshes its origins and redirect URLs (PUBLIC_URL or
 * PORT may have changed) while keeping its tokens, so pages and bookmarks keep working across restarts. A
 * development project created before the current secure defaults gets them here, once (devSettingsUpgrade).
 */
export async function ensureDevProject(
  ctx: ProjectContext,
): Promise<{ project: ProjectRecord; created: boolean; secret: string | null }> {
  const allowedOrigins = devProjectOrigins(ctx.config);
  const allowedRedirectUrls = devProjectRedirectUrls(ctx.config);
  const secret = newProjectSecret();
  const inserted = await ctx.db
    .insert(projects)
    .values({
      id: DEV_PROJECT_ID,
      name: DEV_PROJECT_NAME,
      publicTokenTest: newPublicToken('test'),
      publicTokenLive: newPublicToken('live'),
      secretHash: sha256(secret),
      allowedOrigins,
      allowedRedirectUrls,
      enabledProducts: [...PRODUCTS],
      settings: { ...defaultProjectSettings(ctx.config), dev_defaults_revision: DEV_DEFAULTS_REVISION },
      isDevelopment: true,
    })
    .onConflictDoNothing({ target: projects.id })
    .returning();
  if (inserted[0] !== undefined) {
    ctx.projects.clear();
    return { project: inserted[0], created: true, secret };
  }
  const [existing] = await ctx.db.select().from(projects).where(eq(projects.id, DEV_PROJECT_ID)).limit(1);
  if (existing === undefined) throw new Error('development project vanished while being created');
  const sameOrigins = sameMembers(existing.allowedOrigins, allowedOrigins);
  const sameRedirects = sameMembers(existing.allowedRedirectUrls, allowedRedirectUrls);
  const upgradedSettings = devSettingsUpgrade(existing.settings);
  if (sameOrigins && sameRedirects && upgradedSettings === null) {
    return { project: existing, created: false, secret: null };
  }
  const [updated] = await ctx.db
    .update(projects)
    .set({
      allowedOrigins: [...new Set([...allowedOrigins, ...existing.allowedOrigins])],
      allowedRedirectUrls: [...new Set([...allowedRedirectUrls, ...existing.allowedRedirectUrls])],
      ...(upgradedSettings === null ? {} : { settings: upgradedSettings }),
      updatedAt: new Date(),
    })
    .where(eq(projects.id, DEV_PROJECT_ID))
    .returning();
  ctx.projects.clear();
  return { project: updated!, created: false, secret: null };
}

function sameMembers(current: readonly string[], wanted: readonly string[]): boolean {
  return wanted.every((entry) => current.includes(entry));
}

export async function findDevProject(ctx: ProjectContext): Promise<ProjectRecord | null> {
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, DEV_PROJECT_ID)).limit(1);
  return project ?? null;
}

export interface ProjectFileSyncResult {
  created: CreatedProject[];
  updated: ProjectRecord[];
}

/**
 * Upserts the projects of the project file, matched by name (the file has no tokens: those are generated once
 * and kept). Declared settings are merged over the current ones so a later file change touches only what it says.
 */
export async function syncProjectFile(
  ctx: SyncContext,
  declarations: readonly ProjectDeclaration[],
): Promise<ProjectFileSyncResult> {
  // Issue 23 item 7: instances started together with one project file each found no project of a name and each
  // created one (three projects of one name, three secrets). One transaction under an advisory lock: the first
  // creates, the next ones find and update.
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${PROJECT_FILE_LOCK})`);
    return syncWithin({ ...ctx, db: tx as unknown as Database }, declarations);
  });
}

/** pg_advisory_xact_lock key of syncProjectFile. */
const PROJECT_FILE_LOCK = 7_241_333;

async function syncWithin(
  ctx: SyncContext,
  declarations: readonly ProjectDeclaration[],
): Promise<ProjectFileSyncResult> {
  const result: ProjectFileSyncResult = { created: [], updated: [] };
  for (const declaration of declarations) {
    const [existing] = await ctx.db
      .select()
      .from(projects)
      .where(
        and(
          eq(projects.name, declaration.name),
          eq(projects.isDevelopment, false),
          // Issue 26 item 2: a file entry named like the operators project makes a project of its own.
          ne(projects.id, OPERATORS_PROJECT_ID),
        ),
      )
      .orderBy(asc(projects.createdAt), asc(projects.id))
      .limit(1);
    if (existing === undefined) {
      const id = `project-${randomUUID()}`;
      const created = await createProject(ctx, {
        id,
        name: declaration.name,
        allowedOrigins: declaration.allowedOrigins,
        allowedRedirectUrls: declaration.allowedRedirectUrls,
        enabledProducts: declaration.enabledProducts,
        settings: { ...declaration.settings, ...(await migrationSecretSetting(ctx, id, declaration)) },
      });
      result.created.push(created);
      await syncOAuthProviders(ctx, created.project.id, declaration);
      await syncWebhooks(ctx, created.project.id, declaration);
      continue;
    }
    const [updated] = await ctx.db
      .update(projects)
      .set({
        allowedOrigins: declaration.allowedOrigins,
        allowedRedirectUrls: declaration.allowedRedirectUrls,
        enabledProducts: declaration.enabledProducts,
        settings: {
          ...defaultProjectSettings(ctx.config),
          ...existing.settings,
          ...declaration.settings,
          ...(await migrationSecretSetting(ctx, existing.id, declaration)),
        },
        updatedAt: new Date(),
      })
      .where(eq(projects.id, existing.id))
      .returning();
    result.updated.push(updated!);
    await syncOAuthProviders(ctx, existing.id, declaration);
    await syncWebhooks(ctx, existing.id, declaration);
  }
  ctx.projects.clear();
  return result;
}

/**
 * The project whose TEST public token the served web app uses: the dev project outside production; in
 * production the project named by APP_PROJECT_ID (id or name), else the oldest project — never the operators project
 * (OPERATORS_PROJECT_ID). Production never picks a
 * development project, even when the database holds one (issue 8 item 3, security-tests.md AT-03): its token is
 * refused there (ctx.projects excludes it), so a page carrying it could not sign anyone in anyway.
 */
export async function findAppProject(
  ctx: ProjectContext,
  options: { appProjectId: string | null },
): Promise<ProjectRecord | null> {
  const production = ctx.config.env === 'production';
  if (!production) {
    const dev = await findDevProject(ctx);
    if (dev !== null) return dev;
  }
  // Issue 26 item 2: the operators project's users are the console's operators, never the web app's visitors.
  const eligible = and(
    ne(projects.id, OPERATORS_PROJECT_ID),
    production ? eq(projects.isDevelopment, false) : undefined,
  );
  if (options.appProjectId !== null) {
    const [byId] = await ctx.db
      .select()
      .from(projects)
      .where(and(eq(projects.id, options.appProjectId), eligible))
      .limit(1);
    if (byId !== undefined) return byId;
    const [byName] = await ctx.db
      .select()
      .from(projects)
      .where(and(eq(projects.name, options.appProjectId), eligible))
      .orderBy(asc(projects.createdAt), asc(projects.id))
      .limit(1);
    return byName ?? null;
  }
  const [first] = await ctx.db
    .select()
    .from(projects)
    .where(eligible)
    .orderBy(asc(projects.createdAt), asc(projects.id))
    .limit(1);
  return first ?? null;
}

/** Issue 11: the project's OAuth clients as the file declares them (a file without `oauth_providers` keeps them). */
/**
 * Outside production, a project-file entry named like the development project (DEV_PROJECT_NAME) configures that
 * project instead of creating another: its products, settings and OAuth clients apply here, while its tokens stay
 * and the origins and redirect URLs PUBLIC_URL gives it (ensureDevProject) are kept. The entry's allowed_origins
 * and allowed_redirect_urls are added to those as the project is read, not stored (devProjectAllowlist). This is
 * how a developer gives the served web app a Google client for local work (README "Social sign-in"), and how the
 * E2E tests point it at a local OpenID provider.
 */
export async function configureDevProject(
  ctx: SyncContext,
  declaration: ProjectDeclaration,
): Promise<ProjectRecord> {
  const existing = await findDevProject(ctx);
  if (existing === null) throw new Error('the development project must exist before it is configured');
  const [updated] = await ctx.db.transaction(async (tx) =>
    tx
      .update(projects)
      .set({
        enabledProducts: declaration.enabledProducts,
        settings: {
          ...defaultProjectSettings(ctx.config),
          ...existing.settings,
          ...declaration.settings,
          ...(await migrationSecretSetting(
            { ...ctx, db: tx as unknown as Database },
            existing.id,
            declaration,
          )),
        },
        updatedAt: new Date(),
      })
      .where(eq(projects.id, existing.id))
      .returning(),
  );
  await syncOAuthProviders(ctx, existing.id, declaration);
  await syncWebhooks(ctx, existing.id, declaration);
  ctx.projects.clear();
  return updated!;
}

/**
 * Issue 24 item 5: the declared password_migration_secret, encrypted for this project (infra/password-migration-
 * secret.ts), under the recorded SECRET_KEY; nothing when the file does not name it (the stored one is kept).
 */
async function migrationSecretSetting(
  ctx: Pick<SyncContext, 'db' | 'secrets'>,
  projectId: string,
  declaration: ProjectDeclaration,
): Promise<Partial<ProjectSettings>> {
  const secret = declaration.passwordMigrationSecret;
  if (secret === undefined) return {};
  if (secret !== null) await assertSecretKeyRecorded(ctx.db, ctx.secrets);
  return sealPasswordMigrationSecret(ctx.secrets, { projectId, secret });
}

async function syncOAuthProviders(
  ctx: SyncContext,
  projectId: string,
  declaration: ProjectDeclaration,
): Promise<void> {
  if (declaration.oauthProviders === null) return;
  await saveOAuthProviderConfigs(ctx, { projectId, declarations: declaration.oauthProviders });
}

/** Issue 25 item 2: the project file's webhook endpoints of the project (features/webhooks). */
async function syncWebhooks(
  ctx: SyncContext,
  projectId: string,
  declaration: ProjectDeclaration,
): Promise<void> {
  await syncFileWebhookEndpoints(ctx, {
    projectId,
    projectName: declaration.name,
    declarations: declaration.webhooks,
  });
}
