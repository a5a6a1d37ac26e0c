export { bootstrapFields, registerBootstrapRoutes } from './bootstrap-routes';
export type { CreatedProject, CreateProjectOptions, ProjectFileSyncResult } from './project-service';
export {
  createProject,
  DEV_PROJECT_ID,
  DEV_PROJECT_NAME,
  defaultProjectSettings,
  devProjectAllowlist,
  devProjectOrigins,
  devProjectRedirectUrls,
  ensureDevProject,
  findAppProject,
  findDevProject,
  newProjectSecret,
  newPublicToken,
  OPERATORS_PROJECT_ID,
  syncProjectFile,
} from './project-service';
