export {
  endUserSessions,
  findLiveSession,
  refreshSession,
  revokeSessionById,
  sessionIdOfToken,
} from './backend-sessions';
export {
  assertRecentAuthentication,
  isRecentlyAuthenticated,
  reauthenticationRequired,
} from './recent-authentication';
export { registerJwksRoutes, registerSessionRoutes } from './routes';
export { SESSION_CLAIM, sessionIdOfJwt } from './session-jwt';
export type { ResolvedSession } from './session-lookup';
export type { IssuedSession, IssueSessionOptions, NewAuthenticationFactor } from './session-service';
export {
  ABSOLUTE_SESSION_LIFETIME_MINUTES,
  forgetSessionJwts,
  issueSession,
  liveSessionsOf,
  lockLiveSession,
  MAX_SESSION_DURATION_MINUTES,
  MIN_SESSION_DURATION_MINUTES,
  resolveSession,
  revokeUserSessions,
  signedIn,
  toWireSession,
  validateSessionDuration,
} from './session-service';
export type { SessionState } from './session-state';
export { createSessionState, forgetSigningKeys } from './session-state';
