// SPEC §4 and wire-format.md §4.3 / §5: the `session` module of the client. The readers of the session and
// updateSession live here; the calls to the server live in ./session-module, which the client loads on the first
// of them (client.ts).
import type {
  AuthenticateResponse,
  Session,
  SessionsListResponse,
  SessionsRevokeOneResponse,
  SessionsRevokeOthersResponse,
} from '@gatehouse/protocol';
import { forwarding } from './lazy';
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
  /**
   * POST /sessions/revoke_one (Gatehouse's own, issue 22): ends one other live session of the user (an id from
   * `list`). 404 session_not_found for an id that is not one, and for this session (its message says to use
   * `revoke`). Never clears this session's local state.
   */
  revokeOne(options: { session_id: string }): Promise<SessionsRevokeOneResponse>;
  getSync(): Session | null;
  getInfo(): { session: Session | null; fromCache: boolean };
  /** Both cookies, or null unless both exist. */
  getTokens(): SessionTokens | null;
  onChange(callback: (session: Session | null) => void): () => void;
  /** Writes the cookies only; no request is made (call authenticate next). */
  updateSession(options: { session_token: string; session_jwt?: string }): void;
}

/** The calls of the session module that talk to the server (./session-module), loaded on the first of them. */
export type SessionCalls = Pick<
  SessionModule,
  'authenticate' | 'revoke' | 'list' | 'revokeOthers' | 'revokeOne'
>;

export function createSessionModule(options: {
  manager: SessionManager;
  /** The server calls' code, loaded once on the first of them (client.ts). */
  calls: () => Promise<SessionCalls>;
}): SessionModule {
  const { manager } = options;
  const getSync = () => manager.getState()?.session ?? null;
  return {
    ...(forwarding(options.calls, [
      'authenticate',
      'revoke',
      'list',
      'revokeOthers',
      'revokeOne',
    ]) as SessionCalls),
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
