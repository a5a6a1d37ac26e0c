// Issue 25 item 3: "projects and their settings" through the admin API. A change is validated exactly as the project
// file validates the same members (parseProjectFile), so the API can never store what a file could not declare.
// A project the project file declares is read-only here: the file is applied again at every start, and an edit
// that the next start silently undoes would be worse than a clear refusal (issue 26 shows such settings with a
// "from the project file" badge). Other instances see a change within PROJECT_CACHE_TTL_MS (infra/auth.ts).
import { asc, eq, ne } from 'drizzle-orm';
import { ConfigError, DECLARABLE_SETTINGS, loadProjectFile, parseProjectFile } from '../../infra/config';
import type { AppContext, ProjectRecord } from '../../infra/context';
import { type ProjectSettings, projects } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { OPERATORS_PROJECT_ID } from './project-service';
import { assertSourcesAllowChanges, type ProjectSourcesView, projectSources } from './project-sources';

/** A project as the admin API shows it: public tokens yes, the secret's hash and encrypted settings never. */
export interface AdminProjectView {
  id: string;
  name: string;
  is_development: boolean;
  /** Declared in the project file: changes go there. */
  from_project_file: boolean;
  public_token_test: string;
  public_token_live: string;
  allowed_origins: string[];
  allowed_redirect_urls: string[];
  enabled_products: string[];
  settings: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

/** The members of a project an admin may change (the project file's names and rules). */
export interface ProjectChanges {
  name?: string;
  allowed_origins?: string[];
  allowed_redirect_urls?: string[];
  enabled_products?: string[];
  /** Merged over the stored settings, key by key; a null value removes an optional key. */
  settings?: Record<string, unknown>;
}

/** Settings that hold a secret: never shown (a flag says whether one is set) and never set through the API. */
const SECRET_SETTINGS = ['password_migration_secret_ciphertext'] as const;

function visibleSettings(settings: ProjectSettings): Record<string, unknown> {
  const shown: Record<string, unknown> = { ...settings };
  for (const key of SECRET_SETTINGS) {
    const set = shown[key] !== undefined && shown[key] !== null;
    delete shown[key];
    shown[key.replace(/_ciphertext$/, '_set')] = set;
  }
  return shown;
}

/** The names the project file declares (none without PROJECT_FILE). */
function fileProjectNames(ctx: Pick<AppContext, 'config'>): Set<string> {
  const path = ctx.config.projectFile;
  return new Set(path === null ? [] : loadProjectFile(path).map((declaration) => declaration.name));
}

function toView(row: ProjectRecord, fromFile: boolean): AdminProjectView {
  return {
    id: row.id,
    name: row.name,
    is_development: row.isDevelopment,
    from_project_file: fromFile,
    public_token_test: row.publicTokenTest,
    public_token_live: row.publicTokenLive,
    allowed_origins: row.allowedOrigins,
    allowed_redirect_urls: row.allowedRedirectUrls,
    enabled_products: row.enabledProducts,
    settings: visibleSettings(row.settings),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Every project but the operators project (issue 26 item 2). */
export async function listAdminProjects(ctx: Pick<AppContext, 'db' | 'config'>): Promise<AdminProjectView[]> {
  const names = fileProjectNames(ctx);
  // Issue 26 item 2: the operators project is the console's own, managed through /admin/v1/operators.
  const rows = await ctx.db
    .select()
    .from(projects)
    .where(ne(projects.id, OPERATORS_PROJECT_ID))
    .orderBy(asc(projects.createdAt), asc(projects.id));
  return rows.map((row) => toView(row, !row.isDevelopment && names.has(row.name)));
}

export function adminProjectView(ctx: Pick<AppContext, 'config'>, row: ProjectRecord): AdminProjectView {
  return toView(row, !row.isDevelopment && fileProjectNames(ctx).has(row.name));
}

/** Issue 26 item 3: one project with where each setting comes from (project-sources.ts), for the console. */
export type AdminProjectDetail = AdminProjectView & ProjectSourcesView;

export async function adminProjectDetail(
  ctx: Pick<AppContext, 'db' | 'config' | 'projects' | 'limits'>,
  row: ProjectRecord,
): Promise<AdminProjectDetail> {
  return { ...adminProjectView(ctx, row), ...(await projectSources(ctx, row)) };
}

function invalid(message: string): ApiError {
  return new ApiError('invalid_admin_request', message);
}

/**
 * Applies `changes` to a project; returns the project before and after and the members that changed. 400
 * invalid_admin_request for a project-file project, a secret setting, or what the project file would refuse.
 */
export async function updateAdminProject(
  ctx: Pick<AppContext, 'db' | 'config' | 'clock' | 'projects'>,
  row: ProjectRecord,
  changes: ProjectChanges,
): Promise<{ before: AdminProjectView; after: AdminProjectView; fields: string[]; row: ProjectRecord }> {
  const before = adminProjectView(ctx, row);
  if (before.from_project_file) {
    throw invalid(
      `Project "${row.name}" is declared in the project file; change it there (it is applied at every start).`,
    );
  }
  assertSourcesAllowChanges(ctx, row, changes);
  const settingsPatch = changes.settings ?? {};
  for (const key of Object.keys(settingsPatch)) {
    if (key.startsWith('password_migration_secret')) {
      throw invalid(
        'The password migration secret is set in the project file only (it is never sent over the API).',
      );
    }
    if (!DECLARABLE_SETTINGS.includes(key)) {
      throw invalid(`settings.${key} is not a known key; allowed keys: ${DECLARABLE_SETTINGS.join(', ')}`);
    }
  }
  const settings: Record<string, unknown> = { ...row.settings };
  for (const [key, value] of Object.entries(settingsPatch)) {
    if (value === null) delete settings[key];
    else settings[key] = value;
  }
  // The project file's own validation of the result (origins bare, redirect URLs absolute, products known,
  // settings typed), so a change is refused for exactly what a file would be refused for.
  let declaration: ReturnType<typeof parseProjectFile>[number];
  try {
    // What the server keeps for itself (a development project's defaults revision, encrypted secrets) is kept as
    // it is, not checked as if declared.
    const checkable = Object.fromEntries(
      Object.entries(settings).filter(
        ([key]) => DECLARABLE_SETTINGS.includes(key) && !key.startsWith('password_migration_secret'),
      ),
    );
    [declaration] = parseProjectFile([
      {
        name: changes.name ?? row.name,
        allowed_origins: changes.allowed_origins ?? row.allowedOrigins,
        allowed_redirect_urls: changes.allowed_redirect_urls ?? row.allowedRedirectUrls,
        enabled_products: changes.enabled_products ?? row.enabledProducts,
        settings: checkable,
      },
    ]) as [ReturnType<typeof parseProjectFile>[number]];
  } catch (error) {
    if (error instanceof ConfigError) {
      throw invalid(error.message.replace('Invalid configuration: PROJECT_FILE projects[0].', ''));
    }
    throw error;
  }
  const [updated] = await ctx.db
    .update(projects)
    .set({
      name: declaration.name,
      allowedOrigins: declaration.allowedOrigins,
      allowedRedirectUrls: declaration.allowedRedirectUrls,
      enabledProducts: declaration.enabledProducts,
      settings: { ...(settings as unknown as ProjectSettings), ...declaration.settings },
      updatedAt: ctx.clock.now(),
    })
    .where(eq(projects.id, row.id))
    .returning();
  ctx.projects.clear();
  const after = adminProjectView(ctx, updated!);
  const fields = (
    ['name', 'allowed_origins', 'allowed_redirect_urls', 'enabled_products', 'settings'] as const
  ).filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]));
  return { before, after, fields: [...fields], row: updated! };
}
