// SPEC §4 and wire-format.md §4.3 / §5: the `session` module of the client.
import type {
  AuthenticateResponse,
  Session,
  SessionsListResponse,
  SessionsRevokeOthersResponse,
} from '@gatehouse/protocol';
import type { HttpClient } from './http';
import { PATHS } from './paths';
import type { SessionManager, SessionTokens } from './session-manager';
import { validate } from './usage';

export type SessionAuthenticateResponse = Omit<AuthenticateResponse, '__user'>;

export interface SessionModule {
  /** POST /sessions/authenticate; on one of the four unrecoverable errors the session is destroyed. */
  authenticate(options?: { session_duration_minutes?: number }): Promise<SessionAuthenticateResponse>;
  /** POST /sessions/revoke; clears local state on success, and on failure only when forced or unrecoverable. */
  revoke(options?: { forceClear?: boolean }): Promise<unknown>;
  /**
   * GET /sessions/list (Gatehouse's own, issue 13 item 3): the user's live sessions and `current_session_id`.
   * Like authenticate, one of the four unrecoverable errors destroys the local session.
   */
  list(): Promise<SessionsListResponse>;
  /** POST /sessions/revoke_others (Gatehouse's own): ends every other session of the user; keeps this one. */
  revokeOthers(): Promise<SessionsRevokeOthersResponse>;
  getSync(): Session | null;
  getInfo(): { session: Session | null; fromCache: boolean };
  /** Both cookies, or null unless both exist. */
  getTokens(): SessionTokens | null;
  onChange(callback: (session: Session | null) => void): () => void;
  /** Writes the cookies only; no request is made (call authenticate next). */
  updateSession(options: { session_token: string; session_jwt?: string }): void;
}

export function createSessionModule(options: { http: HttpClient; manager: SessionManager }): SessionModule {
  const { http, manager } = options;
  const getSync = () => manager.getState()?.session ?? null;
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
          path: PATHS.sessionsAuthenticate,
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
        const data = await http.request<unknown>({ method: 'POST', path: PATHS.sessionsRevoke });
        manager.destroy();
        return data;
      } catch (error) {
        // SPEC §4: "If the revoke call fails, state is cleared only when forced or when one of those four errors
        // occurred."
        if (!manager.destroyOnUnrecoverable(error) && revokeOptions.forceClear) manager.destroy();
        throw error;
      }
    },
    list: () => signedInCall('GET', PATHS.sessionsList),
    revokeOthers: () => signedInCall('POST', PATHS.sessionsRevokeOthers),
    getSync,
    getInfo: () => ({ session: getSync(), fromCache: manager.isFromCache() }),
    getTokens: () => manager.tokens(),
    onChange: (callback) => manager.subscribe((state) => callback(state?.session ?? null)),
    updateSession(tokens) {
      validate('session.updateSession')
        .object('options', tokens)
        .string('session_token', tokens?.session_token)
        .optionalString('session_jwt', tokens.session_jwt);
      manager.updateTokens({ session_token: tokens.session_token, session_jwt: tokens.session_jwt ?? null });
    },
  };
}
