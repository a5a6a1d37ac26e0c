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
  findLiveSession,
  forgetSessionJwts,
  issueSession,
  liveSessionsOf,
  lockLiveSession,
  MAX_SESSION_DURATION_MINUTES,
  MIN_SESSION_DURATION_MINUTES,
  refreshSession,
  resolveSession,
  revokeSessionById,
  revokeUserSessions,
  sessionIdOfToken,
  signedIn,
  toWireSession,
  validateSessionDuration,
} from './session-service';
export type { SessionState } from './session-state';
export { createSessionState, forgetSigningKeys } from './session-state';
