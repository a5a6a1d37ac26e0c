// The API paths (relative to /sdk/v1, wire-format.md §4) the initial bundle uses, written out rather than read from
// the protocol's ROUTES: ROUTES is one object, so a bundler keeps all of it (every method's paths, most of them only
// needed by the lazily loaded modules, which write theirs out too) as soon as any module reads one property of it
// (issue 21: the headless SDK ≤ 8 KiB gzip). The type makes the compiler check every written-out string against
// ROUTES; paths.test.ts checks the functions of every written-out table.
import type { ROUTES } from '@gatehouse/protocol';

type Routes = typeof ROUTES;

export const PATHS: Pick<
  Routes,
  | 'bootstrap'
  | 'events'
  | 'sessionsAuthenticate'
  | 'magicLinksEmailLoginOrCreate'
  | 'magicLinksEmailSendPrimary'
  | 'magicLinksEmailSendSecondary'
  | 'magicLinksAuthenticate'
  | 'captchaChallenge'
> = {
  bootstrap: (publicToken) => `/projects/bootstrap/${encodeURIComponent(publicToken)}`,
  events: '/events',
  sessionsAuthenticate: '/sessions/authenticate',
  magicLinksEmailLoginOrCreate: '/magic_links/email/login_or_create',
  magicLinksEmailSendPrimary: '/magic_links/email/send/primary',
  magicLinksEmailSendSecondary: '/magic_links/email/send/secondary',
  magicLinksAuthenticate: '/magic_links/authenticate',
  captchaChallenge: '/captcha/challenge',
};
