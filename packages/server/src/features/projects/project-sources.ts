// Issue 26 item 3 (Projects and settings): where each of a project's settings comes from — the project file, the
// environment, the console (the admin API), or the server's default — derived from the configuration this process
// started with, the same inputs start-up applies (app.ts: syncProjectFile, ensureDevProject, configureDevProject,
// devProjectAllowlist). A setting from the file or the environment is applied again at every start, so the admin
// API refuses to change it (assertSourcesAllowChanges) rather than accept an edit the next start would undo.
import { DEFAULT_PRODUCTS, PRODUCTS } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import { loadProjectFile, type ProjectDeclaration } from '../../infra/config';
import type { AppContext, ProjectRecord } from '../../infra/context';
import { oauthProviderConfigs } from '../../infra/db/schema';
import { DEV_PROJECT_NAME } from '../../infra/dev-origins';
import { ApiError } from '../../infra/errors';
import {
  DEFAULT_MAX_CONSECUTIVE_FAILURES,
  DEFAULT_MAX_LINK_EXPIRATION_MINUTES,
  DEFAULT_REAUTHENTICATION_WINDOW_MINUTES,
} from '../../infra/project-settings';
import { callbackUrl } from '../oauth';
import type { ProjectChanges } from './project-admin';
import { defaultProjectSettings, devProjectOrigins, devProjectRedirectUrls } from './project-service';

export const SETTING_SOURCES = ['project_file', 'environment', 'console', 'default'] as const;
export type SettingSource = (typeof SETTING_SOURCES)[number];

/** One origin or redirect URL the project allows, with where it comes from. */
export interface AllowlistEntry {
  value: string;
  source: SettingSource;
  /** False for what this process adds as it reads a development project (never stored, never editable here). */
  stored: boolean;
}

export interface OAuthProviderView {
  provider: string;
  client_id: string;
  /** The redirect URI to register with the provider (features/oauth/flow.ts callbackUrl). */
  callback_url: string;
  one_tap: boolean;
  scopes: string[] | null;
  /** OAuth clients are declared in the project file only (features/oauth/config.ts saveOAuthProviderConfigs). */
  source: SettingSource;
}

export interface ProjectSourcesView {
  /**
   * Keys `name`, `allowed_origins`, `allowed_redirect_urls`, `enabled_products`, `oauth_providers` and
   * `settings.<key>` for every key the project file may declare.
   */
  setting_sources: Record<string, SettingSource>;
  /** Every origin and redirect URL the project allows as this process serves it, stored or added at read. */
  allowlist: { allowed_origins: AllowlistEntry[]; allowed_redirect_urls: AllowlistEntry[] };
  oauth_providers: OAuthProviderView[];
  /** What an absent (or null) setting means: the value the server uses instead. */
  setting_defaults: Record<string, unknown>;
  /** Limits the server applies to every project, with where each comes from. */
  server_limits: {
    session_duration_minutes: { default: number; minimum: number; maximum: number; source: SettingSource };
    sms_daily_limit: { value: number; source: SettingSource };
  };
}

/** SPEC §9 and features/sessions/session-rows.ts: the bounds every sign-in method validates. */
const SESSION_DURATION = { default: 30, minimum: 5, maximum: 525_600 } as const;

/** The project file's declaration of `row`, if any (outside production, the development project's entry). */
function declarationOf(ctx: Pick<AppContext, 'config'>, row: ProjectRecord): ProjectDeclaration | undefined {
  const path = ctx.config.projectFile;
  if (path === null) return undefined;
  if (row.isDevelopment && (ctx.config.env === 'production' || row.name !== DEV_PROJECT_NAME))
    return undefined;
  return loadProjectFile(path).find((declaration) => declaration.name === row.name);
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function settingDefaults(ctx: Pick<AppContext, 'config'>): Record<string, unknown> {
  return {
    ...defaultProjectSettings(ctx.config),
    cname_domain: null,
    ethereum_rpc_url: null,
    password_migration_url: null,
    reauthentication_window_minutes: DEFAULT_REAUTHENTICATION_WINDOW_MINUTES,
    max_consecutive_failures: DEFAULT_MAX_CONSECUTIVE_FAILURES,
    max_link_expiration_minutes: DEFAULT_MAX_LINK_EXPIRATION_MINUTES,
  };
}

/** The visible settings keys (project-admin.ts visibleSettings) a project file may declare. */
const SHOWN_SETTINGS = [
  'disable_sdk_watermark',
  'cname_domain',
  'email_domains',
  'captcha_settings',
  'pkce_required_for_email_magic_links',
  'pkce_required_for_password_resets',
  'pkce_required_for_oauth',
  'password_config',
  'rbac_policy',
  'sms_daily_limit',
  'sms_allowed_countries',
  'ethereum_rpc_url',
  'password_migration_url',
  'password_migration_secret',
  'require_second_factor',
  'reauthentication_window_minutes',
  'max_consecutive_failures',
  'max_link_expiration_minutes',
] as const;

/** Where each member of `row` comes from (no database read: the file and the configuration say). */
export function settingSources(
  ctx: Pick<AppContext, 'config'>,
  row: ProjectRecord,
): Pick<ProjectSourcesView, 'setting_sources'> & { declaration: ProjectDeclaration | undefined } {
  const declaration = declarationOf(ctx, row);
  const fromFile = declaration !== undefined && !row.isDevelopment;
  const defaults = settingDefaults(ctx);
  const sources: Record<string, SettingSource> = {};
  sources.name = fromFile ? 'project_file' : row.isDevelopment ? 'default' : 'console';
  // A development project's lists mix the environment's entries with the console's (per entry: allowlist).
  sources.allowed_origins = fromFile ? 'project_file' : 'console';
  sources.allowed_redirect_urls = fromFile ? 'project_file' : 'console';
  sources.enabled_products =
    declaration !== undefined
      ? 'project_file'
      : same(row.enabledProducts, row.isDevelopment ? PRODUCTS : DEFAULT_PRODUCTS)
        ? 'default'
        : 'console';
  sources.oauth_providers = 'project_file';
  const stored = row.settings as unknown as Record<string, unknown>;
  for (const key of SHOWN_SETTINGS) {
    if (key === 'password_migration_secret') {
      const set = stored.password_migration_secret_ciphertext != null;
      sources[`settings.${key}`] =
        declaration?.passwordMigrationSecret !== undefined ? 'project_file' : set ? 'console' : 'default';
      continue;
    }
    const declared = declaration !== undefined && Object.hasOwn(declaration.settings, key);
    const value = stored[key];
    sources[`settings.${key}`] = declared
      ? 'project_file'
      : value === undefined || same(value, defaults[key])
        ? 'default'
        : 'console';
  }
  return { setting_sources: sources, declaration };
}

function allowlistOf(
  ctx: Pick<AppContext, 'config' | 'projects'>,
  row: ProjectRecord,
  declaration: ProjectDeclaration | undefined,
  fromFile: boolean,
): ProjectSourcesView['allowlist'] {
  const storedSource = (value: string, environment: readonly string[]): SettingSource =>
    fromFile ? 'project_file' : row.isDevelopment && environment.includes(value) ? 'environment' : 'console';
  const devOrigins = row.isDevelopment ? devProjectOrigins(ctx.config) : [];
  const devRedirects = row.isDevelopment ? devProjectRedirectUrls(ctx.config) : [];
  const origins: AllowlistEntry[] = row.allowedOrigins.map((value) => ({
    value,
    source: storedSource(value, devOrigins),
    stored: true,
  }));
  const redirects: AllowlistEntry[] = row.allowedRedirectUrls.map((value) => ({
    value,
    source: storedSource(value, devRedirects),
    stored: true,
  }));
  // What ctx.projects.served adds to a development project: DEV_ALLOWED_ORIGINS and the file's Development entry.
  const served = ctx.projects.served(row);
  const fileOrigins = declaration?.allowedOrigins ?? [];
  for (const value of served.allowedOrigins.slice(row.allowedOrigins.length)) {
    const environment = ctx.config.devAllowedOrigins.includes(value) && !fileOrigins.includes(value);
    origins.push({ value, source: environment ? 'environment' : 'project_file', stored: false });
  }
  for (const value of served.allowedRedirectUrls.slice(row.allowedRedirectUrls.length)) {
    redirects.push({ value, source: 'project_file', stored: false });
  }
  return { allowed_origins: origins, allowed_redirect_urls: redirects };
}

async function oauthProvidersOf(
  ctx: Pick<AppContext, 'db' | 'config'>,
  projectId: string,
): Promise<OAuthProviderView[]> {
  const rows = await ctx.db
    .select({
      provider: oauthProviderConfigs.providerType,
      clientId: oauthProviderConfigs.clientId,
      settings: oauthProviderConfigs.settings,
    })
    .from(oauthProviderConfigs)
    .where(eq(oauthProviderConfigs.projectId, projectId))
    .orderBy(oauthProviderConfigs.providerType);
  return rows.map((row) => {
    const settings = row.settings as { one_tap?: boolean; scopes?: string[] | null };
    return {
      provider: row.provider,
      client_id: row.clientId,
      callback_url: callbackUrl(ctx.config, row.provider),
      one_tap: settings.one_tap ?? false,
      scopes: settings.scopes ?? null,
      source: 'project_file',
    };
  });
}

/** The sources view of a project (adminProjectDetail in project-admin.ts puts it beside the project). */
export async function projectSources(
  ctx: Pick<AppContext, 'db' | 'config' | 'projects' | 'limits'>,
  row: ProjectRecord,
): Promise<ProjectSourcesView> {
  const { setting_sources, declaration } = settingSources(ctx, row);
  const fromFile = declaration !== undefined && !row.isDevelopment;
  return {
    setting_sources,
    allowlist: allowlistOf(ctx, row, declaration, fromFile),
    oauth_providers: await oauthProvidersOf(ctx, row.id),
    setting_defaults: settingDefaults(ctx),
    server_limits: {
      session_duration_minutes: { ...SESSION_DURATION, source: 'default' },
      sms_daily_limit: {
        value: ctx.limits.settings.paidSendsPerProject.points,
        source: ctx.config.rateLimits.paidSendsPerProject === undefined ? 'default' : 'environment',
      },
    },
  };
}

function locked(message: string): ApiError {
  return new ApiError('invalid_admin_request', message);
}

/**
 * 400 invalid_admin_request for a change to what the file or the environment sets on a project the console may
 * otherwise change (the development project): start-up would put it back. (A project the file declares is refused
 * whole, before this: updateAdminProject.)
 */
export function assertSourcesAllowChanges(
  ctx: Pick<AppContext, 'config'>,
  row: ProjectRecord,
  changes: ProjectChanges,
): void {
  const { setting_sources: sources } = settingSources(ctx, row);
  const fixed = (source: SettingSource | undefined) => source === 'project_file' || source === 'environment';
  const where = (source: SettingSource | undefined) =>
    source === 'environment' ? 'the environment' : `the project file's "${row.name}" entry`;
  if (changes.enabled_products !== undefined && fixed(sources.enabled_products)) {
    if (!same([...changes.enabled_products].sort(), [...row.enabledProducts].sort())) {
      throw locked(`enabled_products is set by ${where(sources.enabled_products)}; change it there.`);
    }
  }
  for (const [key, value] of Object.entries(changes.settings ?? {})) {
    const source = sources[`settings.${key}`];
    const current = (row.settings as unknown as Record<string, unknown>)[key];
    if (fixed(source) && !same(value, current)) {
      throw locked(`settings.${key} is set by ${where(source)}; change it there.`);
    }
  }
  if (row.isDevelopment) {
    const lists = [
      ['allowed_origins', changes.allowed_origins, devProjectOrigins(ctx.config)],
      ['allowed_redirect_urls', changes.allowed_redirect_urls, devProjectRedirectUrls(ctx.config)],
    ] as const;
    for (const [field, next, environment] of lists) {
      if (next === undefined) continue;
      const removed = environment.find((value) => !next.includes(value));
      if (removed !== undefined) {
        throw locked(
          `${field} ${removed} comes from PUBLIC_URL and PORT (the environment) and is added again at every start; it cannot be removed here.`,
        );
      }
    }
  }
}
