// Issue 25 item 3: the admin API.
export type { AdminApiKey } from './admin-keys';
export { ADMIN_KEY_PREFIX, authenticateAdminKey, BOOTSTRAP_KEY_ID, createAdminApiKey } from './admin-keys';
export { maskPersonalData } from './admin-masking';
export type { AdminApiOptions, AdminRouteModule } from './admin-plugin';
export { ADMIN_API_PREFIX, OPENAPI_PATH, registerAdminApi } from './admin-plugin';
export type { AdminCaller } from './admin-request';
export type { AdminScope, OperatorRole } from './admin-scopes';
export {
  ADMIN_SCOPES,
  effectiveScopes,
  isOperatorRole,
  OPERATOR_ROLES,
  ROLE_SCOPES,
  roleIsMasked,
} from './admin-scopes';
export { ADMIN_ROUTE_MODULES } from './modules';
