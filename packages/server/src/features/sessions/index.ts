export { registerJwksRoutes, registerSessionRoutes } from './routes';
export { configureSessionKeys, resetSessionRuntime, SESSION_CLAIM } from './session-jwt';
export type { IssuedSession, IssueSessionOptions, NewAuthenticationFactor } from './session-service';
export {
  ABSOLUTE_SESSION_LIFETIME_MINUTES,
  issueSession,
  MAX_SESSION_DURATION_MINUTES,
  MIN_SESSION_DURATION_MINUTES,
  requireSession,
  sessionDurationSchema,
  validateSessionDuration,
} from './session-service';
