// Issue 20 item 3 (security-tests.md SS-08, SS-05; ASVS V7.5.1): some changes need a RECENT sign-in, whatever the
// project's second-factor setting: changing a password by session, removing a passkey or an authenticator app, and
// removing the user's last identifier. "Recent" is sessions.authenticated_at — the session's start, or its latest
// secondary sign-in with a credential the user already held (session-service.ts `reauthenticates`) — within the
// project's reauthentication window (default 10 minutes). Refused with 403 reauthentication_required; the widget and
// the account page then ask the person to confirm it is them (a passkey, a code, their password) and retry.
import type { AppContext, RequestContext } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { securitySettings } from '../../infra/project-settings';
import { signedIn } from './session-service';

export function reauthenticationRequired(windowMinutes: number): ApiError {
  return new ApiError(
    'reauthentication_required',
    `For your security, confirm it is you: this change needs a sign-in within the last ${windowMinutes} minutes.`,
  );
}

/** True while now is strictly before authenticated_at + the project's window (the server clock decides). */
export function isRecentlyAuthenticated(
  ctx: Pick<AppContext, 'clock'>,
  request: Pick<RequestContext, 'project' | 'session'>,
): boolean {
  const { row } = signedIn(request as RequestContext);
  const windowMs = securitySettings(request.project.settings).reauthenticationWindowMinutes * 60_000;
  return ctx.clock.now().getTime() < row.authenticated_ms + windowMs;
}

/** The named check of the routes listed in the header. */
export function assertRecentAuthentication(
  ctx: Pick<AppContext, 'clock'>,
  request: Pick<RequestContext, 'project' | 'session'>,
): void {
  if (!isRecentlyAuthenticated(ctx, request)) {
    throw reauthenticationRequired(securitySettings(request.project.settings).reauthenticationWindowMinutes);
  }
}
