export type { BuildAppOptions, GatehouseApp, SdkFeature, StartupReport } from './app';
export { buildApp, FEATURES } from './app';
export type { ProjectFileSyncResult } from './features/projects';
export {
  createProject,
  DEV_PROJECT_ID,
  ensureDevProject,
  findAppProject,
  findDevProject,
  syncProjectFile,
} from './features/projects';
export type { ResolvedProject, RouteAuth, TokenMode } from './infra/auth';
export { parseBasicAuthorization, resolveProjectByToken } from './infra/auth';
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
  RuntimeEnvironment,
} from './infra/context';
export { sendData, systemClock } from './infra/context';
export type { DatabaseHandle, DatabaseOptions } from './infra/db/client';
export { openDatabase } from './infra/db/client';
export { ApiError, isApiError } from './infra/errors';
