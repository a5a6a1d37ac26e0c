export type { BuildAppOptions, GatehouseApp, RegisteredRoute, SdkFeature, StartupReport } from './app';
export { buildApp, FEATURES } from './app';
export type { ImportSummary, PortableUser } from './features/import';
export { exportUsers, importExportFile, importUsers } from './features/import';
export { runExportCli, runImportCli } from './features/import/cli';
export type { Operator, OperatorSession } from './features/operators';
export {
  ensureConsoleOwner,
  ensureOperatorsProject,
  findOperatorsProject,
  OPERATORS_PROJECT_ID,
} from './features/operators';
export { runConsoleCli } from './features/operators/cli';
export type { ProjectFileSyncResult } from './features/projects';
export {
  createProject,
  DEV_PROJECT_ID,
  ensureDevProject,
  findAppProject,
  findDevProject,
  syncProjectFile,
} from './features/projects';
export type { ResolvedProject, TokenMode } from './infra/auth';
export { ProjectCache, parseBasicAuthorization } from './infra/auth';
export type { Environment, ProjectDeclaration } from './infra/config';
export { ConfigError, loadConfig, loadProjectFile, parseProjectFile } from './infra/config';
export type {
  AppConfig,
  AppContext,
  Clock,
  Delivery,
  DeliveryChannel,
  OutgoingMessage,
  ProjectRecord,
  RequestContext,
  RuntimeEnvironment,
} from './infra/context';
export { sendData, systemClock } from './infra/context';
export type { DatabaseHandle, DatabaseOptions } from './infra/db/client';
export { openDatabase } from './infra/db/client';
export { ApiError, isApiError } from './infra/errors';
export type { RateLimit, RateLimitName, RateLimitSettings } from './infra/rate-limits';
export { DEFAULT_RATE_LIMITS, guardCall, RateLimits } from './infra/rate-limits';
export type { RouteAuth, SessionRequirement } from './infra/request-context';
export { contextOf } from './infra/request-context';
export type { SecretBox, SecretPurpose } from './infra/secret-box';
export { createSecretBox, SecretDecryptionError } from './infra/secret-box';
export { SecretKeyMismatchError } from './infra/secret-key';
