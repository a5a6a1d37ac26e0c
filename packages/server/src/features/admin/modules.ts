// Issue 25 item 3: every group of /admin/v1 routes, one line each (the console of issue 26 adds none: it calls these).
import type { AdminRouteModule } from './admin-plugin';
import { registerAdminDataRoutes } from './data-routes';
import { registerAdminKeyRoutes } from './keys-routes';
import { registerAdminProjectRoutes } from './projects-routes';
import { registerAdminWebhookRoutes } from './webhooks-routes';

export const ADMIN_ROUTE_MODULES: readonly AdminRouteModule[] = [
  { name: 'api-keys', register: registerAdminKeyRoutes },
  { name: 'projects', register: registerAdminProjectRoutes },
  { name: 'webhooks', register: registerAdminWebhookRoutes },
  { name: 'messages, import and export', register: registerAdminDataRoutes },
];
