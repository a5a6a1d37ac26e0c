// Production fails closed (issue 8 item 3, security-tests.md AT-03): with NODE_ENV=production the server refuses
// to start, naming the key, when a setting it cannot run safely without is missing or wrong — rather than
// falling back to development behaviour (an http public URL, keys kept unencrypted, messages parked in the dev
// outbox where a token or a code would sit in the database). buildApp runs these checks after the project file
// sync, so they see the projects this start will serve, and before anything listens. PUBLIC_URL's presence is
// checked by loadConfig, which knows whether it was set (it derives a default outside production only);
// SECRET_KEY's by resolveSecretKey (secret-key.ts), before the database is even opened.
import { PRODUCTS, type Product } from '@gatehouse/protocol';
import { and, asc, eq, ne } from 'drizzle-orm';
import { findAppProject, OPERATORS_PROJECT_ID } from '../features/projects/project-service';
import { ConfigError } from './config';
import type { AppContext, ProjectRecord } from './context';
import { projects } from './db/schema';

/** Hosts for which an http:// PUBLIC_URL is still a secure context (a production build tried out locally). */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Products that send e-mail: login links, password resets, e-mail passcodes. */
export const EMAIL_PRODUCTS: readonly Product[] = ['emailMagicLinks', 'passwords', 'otp'];
/**
 * Products that send SMS or WhatsApp. `otp` is in both lists: the product enables the sms, whatsapp and email
 * channels together (no project setting narrows it), so a production project with `otp` needs both an SMTP server
 * and an SMS provider — otherwise one of its sign-in routes could only fail.
 */
export const PHONE_PRODUCTS: readonly Product[] = ['otp'];

export interface ProductionCheckOptions {
  /** APP_PROJECT_ID: id or name of the project whose public token the served web app gets. */
  appProjectId: string | null;
}

/** Throws a ConfigError naming the first setting production cannot run without. Does nothing outside production. */
export async function assertProductionReady(
  ctx: Pick<AppContext, 'config' | 'db' | 'projects'>,
  options: ProductionCheckOptions,
): Promise<void> {
  const { config } = ctx;
  if (config.env !== 'production') return;

  // Login links carry tokens and session cookies need Secure: only https keeps them off the wire (ASVS V3.4.1).
  const publicUrl = new URL(config.publicUrl);
  if (publicUrl.protocol !== 'https:' && !LOOPBACK_HOSTS.has(publicUrl.hostname)) {
    throw new ConfigError(
      'PUBLIC_URL',
      `is "${config.publicUrl}"; allowed in production: an https:// origin (http:// only for localhost, 127.0.0.1 or [::1])`,
    );
  }

  // Issue 26 item 2: the console's operators sign in by e-mail login links (then a passkey or an authenticator app).
  if (config.consoleOwnerEmail !== null && config.smtpUrl === null) {
    throw new ConfigError(
      'SMTP_URL',
      'is not set, but CONSOLE_OWNER_EMAIL is: the console owner signs in with a login link e-mailed to that address, and production never parks e-mails in the dev outbox: set SMTP_URL=smtp(s)://…',
    );
  }

  // Development projects are never served in production (ctx.projects excludes them), so only the others count.
  // The operators project (issue 26 item 2) is the console's, checked above, never the web app's.
  const served = await ctx.db
    .select()
    .from(projects)
    .where(and(eq(projects.isDevelopment, false), ne(projects.id, OPERATORS_PROJECT_ID)))
    .orderBy(asc(projects.createdAt), asc(projects.id));

  for (const project of served) {
    const email = usedProducts(project, EMAIL_PRODUCTS);
    if (email.length > 0 && config.smtpUrl === null) {
      throw new ConfigError(
        'SMTP_URL',
        `is not set, but project ${describe(project)} enables ${email.join(', ')}; production never parks e-mails in the dev outbox: set SMTP_URL=smtp(s)://…`,
      );
    }
    // Issue 24 item 5: the lazy migration sends passwords to this URL; only over TLS.
    const migrationUrl = project.settings.password_migration_url ?? null;
    if (migrationUrl !== null && !migrationUrl.startsWith('https://')) {
      throw new ConfigError(
        'PROJECT_FILE settings.password_migration_url',
        `is "${new URL(migrationUrl).origin}…" for project ${describe(project)}; allowed in production: an https:// URL (it receives passwords)`,
      );
    }
    const phone = usedProducts(project, PHONE_PRODUCTS);
    if (phone.length > 0 && config.sms === null) {
      throw new ConfigError(
        'TWILIO_ACCOUNT_SID',
        `is not set, but project ${describe(project)} enables ${phone.join(', ')} (SMS and WhatsApp passcodes); production never parks text messages in the dev outbox: set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM`,
      );
    }
  }

  if (options.appProjectId === null) {
    if (served.length > 1) {
      throw new ConfigError(
        'APP_PROJECT_ID',
        `is not set, but ${served.length} projects exist (${served.map(describe).join(', ')}); set it to the id or name of the project whose public token the web app gets`,
      );
    }
  } else if ((await findAppProject(ctx, { appProjectId: options.appProjectId })) === null) {
    throw new ConfigError(
      'APP_PROJECT_ID',
      `is "${options.appProjectId}", which names no project; allowed: the id or name of one of ${served.length === 0 ? 'the projects (there are none)' : served.map(describe).join(', ')}`,
    );
  }
}

function usedProducts(project: ProjectRecord, products: readonly Product[]): Product[] {
  return PRODUCTS.filter(
    (product) => products.includes(product) && project.enabledProducts.includes(product),
  );
}

function describe(project: ProjectRecord): string {
  return `"${project.name}" (${project.id})`;
}
