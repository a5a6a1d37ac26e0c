// Issue 25 item 3: every group of /admin/v1 routes, one line each. Issue 26 item 2 adds the console's own: who is
// calling (GET /me) and the operators.

import { registerOperatorRoutes } from '../operators/operator-routes';
import type { AdminRouteModule } from './admin-plugin';
import { registerAdminDataRoutes } from './data-routes';
import { registerEventRoutes } from './events-routes';
import { registerAdminKeyRoutes } from './keys-routes';
import { registerAdminMessageRoutes } from './messages-routes';
import { registerAdminProjectRoutes } from './projects-routes';
import { registerSecurityRoutes } from './security-routes';
import { registerAdminSettingsRoutes } from './settings-routes';
import { registerStatsRoutes } from './stats-routes';
import { registerSystemRoutes } from './system-routes';
import { registerAdminUserRoutes } from './users-routes';
import { registerAdminWebhookRoutes } from './webhooks-routes';

export const ADMIN_ROUTE_MODULES: readonly AdminRouteModule[] = [
  { name: 'api-keys', register: registerAdminKeyRoutes },
  { name: 'projects', register: registerAdminProjectRoutes },
  { name: 'users', register: registerAdminUserRoutes },
  { name: 'webhooks', register: registerAdminWebhookRoutes },
  { name: 'messages, import and export', register: registerAdminDataRoutes },
  { name: 'events', register: registerEventRoutes },
  { name: 'stats', register: registerStatsRoutes },
  { name: 'operators', register: registerOperatorRoutes },
  { name: 'project settings', register: registerAdminSettingsRoutes },
  { name: 'messages: resend', register: registerAdminMessageRoutes },
  { name: 'security', register: registerSecurityRoutes },
  { name: 'system', register: registerSystemRoutes },
];
