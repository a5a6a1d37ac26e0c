// Issue 22 finding 8: the name people read for a project, in e-mails, text messages, the passkey prompt (WebAuthn
// rp.name) and authenticator apps (the TOTP issuer). A project's own name, except the development project's: it is
// called "Development" (DEV_PROJECT_NAME, which a project file's entry of that name configures, so the stored name
// stays), but the page that project serves is the Gatehouse web app, whose header says "Gatehouse"
// (apps/web/src/strings.ts productName). Every message it sent was signed "Development", which reads like a
// placeholder next to that page; Stytch, Clerk and Auth0 sign a development instance's messages with the
// application's name. Production projects are never the development project, so they keep their own name.
import type { ProjectRecord } from './context';
import { DEV_PROJECT_NAME } from './dev-origins';

/** The product name the web app shows (apps/web/src/strings.ts STRINGS.productName). */
export const PRODUCT_NAME = 'Gatehouse';

export function projectDisplayName(project: Pick<ProjectRecord, 'name' | 'isDevelopment'>): string {
  if (project.isDevelopment && project.name === DEV_PROJECT_NAME) return PRODUCT_NAME;
  return project.name;
}
