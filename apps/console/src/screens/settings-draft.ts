// Issue 26 item 3 (Projects and settings): the draft an operator edits before publishing — the project's lists,
// products and settings, typed as the server's project file types them (packages/server/src/infra/config.ts
// ProjectSettingsSchema) — its diff against the published project, the PATCH that publishes it, and the project as a
// project file. Pure functions, so the screen stays a view and the tests can check them directly.
import type { ProjectChanges, ProjectDetail, SettingSource } from '../admin-types';

/** How the screen edits a setting (the project file's type of it). */
export type SettingKind =
  | { type: 'boolean' }
  | { type: 'integer'; min: number; max: number; nullable: boolean }
  | { type: 'text'; nullable: true }
  | { type: 'list'; upperCase?: boolean; nullable: boolean }
  | { type: 'captcha' }
  | { type: 'luds' }
  /** Shown, never edited here: a secret (set or not) or a structured policy that belongs in a file. */
  | { type: 'readonly' };

export type SettingsSection = 'sessions' | 'passwords' | 'secondFactor' | 'captcha' | 'sms' | 'other';

export interface SettingField {
  key: string;
  section: SettingsSection;
  kind: SettingKind;
}

/** Every setting the project file declares (DECLARABLE_SETTINGS), in the order the screen shows them. */
export const SETTING_FIELDS: readonly SettingField[] = [
  {
    key: 'reauthentication_window_minutes',
    section: 'sessions',
    kind: { type: 'integer', min: 1, max: 1440, nullable: false },
  },
  {
    key: 'max_link_expiration_minutes',
    section: 'sessions',
    kind: { type: 'integer', min: 5, max: 10_080, nullable: false },
  },
  { key: 'password_config', section: 'passwords', kind: { type: 'luds' } },
  {
    key: 'max_consecutive_failures',
    section: 'passwords',
    kind: { type: 'integer', min: 1, max: 100, nullable: false },
  },
  { key: 'password_migration_url', section: 'passwords', kind: { type: 'text', nullable: true } },
  { key: 'password_migration_secret', section: 'passwords', kind: { type: 'readonly' } },
  { key: 'require_second_factor', section: 'secondFactor', kind: { type: 'boolean' } },
  { key: 'captcha_settings', section: 'captcha', kind: { type: 'captcha' } },
  {
    key: 'sms_daily_limit',
    section: 'sms',
    kind: { type: 'integer', min: 0, max: 10_000_000, nullable: true },
  },
  { key: 'sms_allowed_countries', section: 'sms', kind: { type: 'list', upperCase: true, nullable: true } },
  { key: 'pkce_required_for_email_magic_links', section: 'other', kind: { type: 'boolean' } },
  { key: 'pkce_required_for_password_resets', section: 'other', kind: { type: 'boolean' } },
  { key: 'pkce_required_for_oauth', section: 'other', kind: { type: 'boolean' } },
  { key: 'disable_sdk_watermark', section: 'other', kind: { type: 'boolean' } },
  { key: 'email_domains', section: 'other', kind: { type: 'list', nullable: false } },
  { key: 'cname_domain', section: 'other', kind: { type: 'text', nullable: true } },
  { key: 'ethereum_rpc_url', section: 'other', kind: { type: 'text', nullable: true } },
  { key: 'rbac_policy', section: 'other', kind: { type: 'readonly' } },
];

export interface Draft {
  allowed_origins: string[];
  allowed_redirect_urls: string[];
  enabled_products: string[];
  /** Setting values as the server stores them; an integer being typed is kept as its text until it parses. */
  settings: Record<string, unknown>;
}

/** The stored value of a setting, or the default the server applies when it is absent. */
export function effectiveSetting(
  project: Pick<ProjectDetail, 'settings' | 'setting_defaults'>,
  key: string,
): unknown {
  const value = project.settings[key];
  return value === undefined ? (project.setting_defaults[key] ?? null) : value;
}

export function draftOf(project: ProjectDetail): Draft {
  const settings: Record<string, unknown> = {};
  for (const field of SETTING_FIELDS) settings[field.key] = effectiveSetting(project, field.key);
  return {
    allowed_origins: [...project.allowed_origins],
    allowed_redirect_urls: [...project.allowed_redirect_urls],
    enabled_products: [...project.enabled_products],
    settings,
  };
}

/** Whether the operator may change a member whose source is `source` (the file and the environment win at start). */
export function editableSource(source: SettingSource | undefined): boolean {
  return source === undefined || source === 'console' || source === 'default';
}

function same(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** One line of the diff: a member or a setting, before and after. */
export interface DiffLine {
  key: string;
  before: unknown;
  after: unknown;
}

/** A typed draft value: integers parsed (text that is not a whole number is an error the screen shows). */
export function parsedSetting(field: SettingField, value: unknown): { value: unknown } | { problem: true } {
  if (field.kind.type !== 'integer' || typeof value !== 'string') return { value };
  const text = value.trim();
  if (text === '') return field.kind.nullable ? { value: null } : { problem: true };
  return /^\d+$/.test(text) ? { value: Number(text) } : { problem: true };
}

/** Keys whose draft text is not a valid value (publishing waits until they are fixed). */
export function draftProblems(draft: Draft): string[] {
  return SETTING_FIELDS.filter((field) => 'problem' in parsedSetting(field, draft.settings[field.key])).map(
    (field) => field.key,
  );
}

export function diffOf(project: ProjectDetail, draft: Draft): DiffLine[] {
  const lines: DiffLine[] = [];
  for (const key of ['allowed_origins', 'allowed_redirect_urls', 'enabled_products'] as const) {
    // Order counts: the first redirect URL is the default a login link without one goes to.
    if (!same(project[key], draft[key])) {
      lines.push({ key, before: project[key], after: draft[key] });
    }
  }
  for (const field of SETTING_FIELDS) {
    const parsed = parsedSetting(field, draft.settings[field.key]);
    if ('problem' in parsed) continue;
    const before = effectiveSetting(project, field.key);
    if (!same(before, parsed.value)) lines.push({ key: field.key, before, after: parsed.value });
  }
  return lines;
}

/** The PATCH body that publishes the diff: only the members and settings keys that change. */
export function changesOf(diff: readonly DiffLine[]): ProjectChanges {
  const changes: ProjectChanges = {};
  const settings: Record<string, unknown> = {};
  for (const line of diff) {
    if (
      line.key === 'allowed_origins' ||
      line.key === 'allowed_redirect_urls' ||
      line.key === 'enabled_products'
    ) {
      changes[line.key] = line.after as string[];
    } else {
      settings[line.key] = line.after;
    }
  }
  if (Object.keys(settings).length > 0) changes.settings = settings;
  return changes;
}

/** Settings a project file may carry as they are (the secret never leaves the server; its flag is not a setting). */
const FILE_SETTINGS = SETTING_FIELDS.map((field) => field.key).filter(
  (key) => key !== 'password_migration_secret',
);

/**
 * The project in the project file's shape (`{ "projects": [ … ] }`), which the server's parseProjectFile accepts.
 * OAuth clients are left out: their secrets never leave the server, and a file without `oauth_providers` keeps the
 * stored ones. The development project's entry is named "Development", which configures it at start.
 */
export function projectFileOf(project: ProjectDetail): { projects: Array<Record<string, unknown>> } {
  const settings: Record<string, unknown> = {};
  for (const key of FILE_SETTINGS) {
    const value = project.settings[key];
    if (value !== undefined) settings[key] = value;
  }
  return {
    projects: [
      {
        name: project.name,
        allowed_origins: project.allowed_origins,
        allowed_redirect_urls: project.allowed_redirect_urls,
        enabled_products: project.enabled_products,
        settings,
      },
    ],
  };
}

/** A file name for the download: the project's name in lower-case words. */
export function projectFileName(project: Pick<ProjectDetail, 'name'>): string {
  const slug = project.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `gatehouse-project-${slug === '' ? 'project' : slug}.json`;
}
