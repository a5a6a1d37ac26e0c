// Issue 26 item 2: "operators are users of a reserved operators project; they sign in through the widget". The
// project has a fixed id (OPERATORS_PROJECT_ID, features/projects) so instances starting together create it once
// (ON CONFLICT DO NOTHING), and it is the server's own: its origins and redirect URLs follow PUBLIC_URL at every
// start (like the development project's), and nothing else edits it — the admin API reaches it only for its event log
// and through /admin/v1/operators, the project file never matches it (features/projects/project-service.ts).
//
// Products: e-mail login links (the first sign-in, and a way back in), passkeys; authenticator apps (TOTP) need no
// product. `require_second_factor` is on, so an operator who enrolled an authenticator app must use it before the
// session may add a passkey (features/sessions/step-up.ts).
import type { Product } from '@gatehouse/protocol';
import { eq } from 'drizzle-orm';
import type { AppConfig, AppContext, ProjectRecord } from '../../infra/context';
import { sha256 } from '../../infra/crypto';
import { projects } from '../../infra/db/schema';
import {
  defaultProjectSettings,
  devProjectOrigins,
  newProjectSecret,
  newPublicToken,
  OPERATORS_PROJECT_ID,
} from '../projects/project-service';

export { OPERATORS_PROJECT_ID };
export const OPERATORS_PROJECT_NAME = 'Gatehouse operators';
export const OPERATORS_PRODUCTS: readonly Product[] = ['emailMagicLinks', 'passkeys'];
/** Where the console is served (apps/console, features/console). */
export const CONSOLE_PATH = '/console';
/** The login link's landing page in the console: it authenticates the link's token. */
export const CONSOLE_AUTHENTICATE_PATH = `${CONSOLE_PATH}/authenticate`;

type ProjectContext = Pick<AppContext, 'db' | 'config' | 'projects'>;

/**
 * The console's origins: PUBLIC_URL in production; outside production also localhost and 127.0.0.1 on PORT (as the
 * development project allows), so a console opened at either address can sign in.
 */
export function operatorsProjectOrigins(
  config: Pick<AppConfig, 'env' | 'publicUrl' | 'port'>,
  extraOrigins: readonly string[] = [],
): string[] {
  const own = config.env === 'production' ? [config.publicUrl] : devProjectOrigins(config);
  return [...new Set([...own, ...extraOrigins])];
}

/** `/console/authenticate` (the login link's landing) and `/console` under each origin. */
export function operatorsProjectRedirectUrls(
  config: Pick<AppConfig, 'env' | 'publicUrl' | 'port'>,
  extraOrigins: readonly string[] = [],
): string[] {
  return operatorsProjectOrigins(config, extraOrigins).flatMap((origin) => [
    `${origin}${CONSOLE_AUTHENTICATE_PATH}`,
    `${origin}${CONSOLE_PATH}`,
  ]);
}

export async function findOperatorsProject(ctx: Pick<AppContext, 'db'>): Promise<ProjectRecord | null> {
  const [project] = await ctx.db
    .select()
    .from(projects)
    .where(eq(projects.id, OPERATORS_PROJECT_ID))
    .limit(1);
  return project ?? null;
}

/**
 * Creates the operators project on first start, or sets its origins, redirect URLs and products to what this start
 * computes (PUBLIC_URL or PORT may have changed); its tokens are kept. Its secret is never shown: no backend calls
 * it (the admin API reads its sessions directly). `extraOrigins`: where else the console is served (issue 26 item 1's
 * separate listener or host), each allowed with its `/console` redirect URLs.
 */
export async function ensureOperatorsProject(
  ctx: ProjectContext,
  options: { extraOrigins?: readonly string[] } = {},
): Promise<{ project: ProjectRecord; created: boolean }> {
  const allowedOrigins = operatorsProjectOrigins(ctx.config, options.extraOrigins);
  const allowedRedirectUrls = operatorsProjectRedirectUrls(ctx.config, options.extraOrigins);
  const inserted = await ctx.db
    .insert(projects)
    .values({
      id: OPERATORS_PROJECT_ID,
      name: OPERATORS_PROJECT_NAME,
      publicTokenTest: newPublicToken('test'),
      publicTokenLive: newPublicToken('live'),
      secretHash: sha256(newProjectSecret()),
      allowedOrigins,
      allowedRedirectUrls,
      enabledProducts: [...OPERATORS_PRODUCTS],
      settings: { ...defaultProjectSettings(ctx.config), require_second_factor: true },
      isDevelopment: false,
    })
    .onConflictDoNothing({ target: projects.id })
    .returning();
  if (inserted[0] !== undefined) {
    ctx.projects.clear();
    return { project: inserted[0], created: true };
  }
  const existing = await findOperatorsProject(ctx);
  if (existing === null) throw new Error('the operators project vanished while being created');
  const same =
    sameList(existing.allowedOrigins, allowedOrigins) &&
    sameList(existing.allowedRedirectUrls, allowedRedirectUrls) &&
    sameList(existing.enabledProducts, OPERATORS_PRODUCTS);
  if (same) return { project: existing, created: false };
  const [updated] = await ctx.db
    .update(projects)
    .set({
      allowedOrigins,
      allowedRedirectUrls,
      enabledProducts: [...OPERATORS_PRODUCTS],
      updatedAt: new Date(),
    })
    .where(eq(projects.id, OPERATORS_PROJECT_ID))
    .returning();
  ctx.projects.clear();
  return { project: updated!, created: false };
}

function sameList(current: readonly string[], wanted: readonly string[]): boolean {
  return current.length === wanted.length && wanted.every((entry) => current.includes(entry));
}
