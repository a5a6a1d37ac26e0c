// SPEC §4 and wire-format.md §4.3: the session calls that talk to the server (authenticate, revoke, list,
// revokeOthers), loaded on the first of them (client.ts), so pages that only read the session (getSync, onChange;
// the session manager refreshes it by itself) neither download nor evaluate them (issue 21: the headless SDK
// ≤ 8 KiB gzip). Only type imports from the SDK's own files (`validate` comes in from the client), so this chunk
// shares nothing with the initial bundle; the paths are written out for the same reason (the compiler checks them
// against the protocol's ROUTES).
import type { AuthenticateResponse, ROUTES } from '@gatehouse/protocol';
import type { HttpClient } from './http';
import type { SessionCalls } from './session';
import type { SessionManager } from './session-manager';
import type { validate as Validate } from './usage';

type Routes = typeof ROUTES;

/** Paths relative to /sdk/v1 (written out: see the header). */
export const SESSION_PATHS: Pick<
  Routes,
  'sessionsAuthenticate' | 'sessionsRevoke' | 'sessionsList' | 'sessionsRevokeOthers' | 'sessionsRevokeOne'
> = {
  sessionsAuthenticate: '/sessions/authenticate',
  sessionsRevoke: '/sessions/revoke',
  sessionsList: '/sessions/list',
  sessionsRevokeOthers: '/sessions/revoke_others',
  sessionsRevokeOne: '/sessions/revoke_one',
};

export function createSessionCalls(options: {
  http: HttpClient;
  manager: SessionManager;
  validate: typeof Validate;
}): SessionCalls {
  const { http, manager, validate } = options;
  // The two account-page calls share one path: a session that is gone server-side is gone here too.
  const signedInCall = async <T>(method: 'GET' | 'POST', path: string): Promise<T> => {
    try {
      return await http.request<T>({ method, path });
    } catch (error) {
      manager.destroyOnUnrecoverable(error);
      throw error;
    }
  };
  return {
    async authenticate(authenticateOptions = {}) {
      validate('session.authenticate')
        .object('options', authenticateOptions)
        .optionalNumber('session_duration_minutes', authenticateOptions.session_duration_minutes);
      try {
        const data = await http.request<AuthenticateResponse>({
          method: 'POST',
          path: SESSION_PATHS.sessionsAuthenticate,
          body: { session_duration_minutes: authenticateOptions.session_duration_minutes },
        });
        return manager.applyAuthentication(data, 'user');
      } catch (error) {
        manager.destroyOnUnrecoverable(error);
        throw error;
      }
    },
    async revoke(revokeOptions = {}) {
      try {
        const data = await http.request<unknown>({ method: 'POST', path: SESSION_PATHS.sessionsRevoke });
        manager.destroy();
        return data;
      } catch (error) {
        // SPEC §4: "If the revoke call fails, state is cleared only when forced or when one of those four errors
        // occurred."
        if (!manager.destroyOnUnrecoverable(error) && revokeOptions.forceClear) manager.destroy();
        throw error;
      }
    },
    list: () => signedInCall('GET', SESSION_PATHS.sessionsList),
    revokeOthers: () => signedInCall('POST', SESSION_PATHS.sessionsRevokeOthers),
    // Issue 22: its 404 session_not_found names the OTHER session (gone already, or never the user's), so unlike the
    // calls above it never destroys this one; a session that is really gone shows on the next list.
    revokeOne(revokeOneOptions) {
      validate('session.revokeOne')
        .object('options', revokeOneOptions)
        .string('session_id', revokeOneOptions?.session_id);
      return http.request({
        method: 'POST',
        path: SESSION_PATHS.sessionsRevokeOne,
        body: { session_id: revokeOneOptions.session_id },
      });
    },
  };
}
