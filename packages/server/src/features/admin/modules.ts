// Issue 25 item 3: every group of /admin/v1 routes, one line each (the console of issue 26 adds none: it calls these).
import type { AdminRouteModule } from './admin-plugin';
import { registerEventRoutes } from './events-routes';
import { registerAdminKeyRoutes } from './keys-routes';
import { registerStatsRoutes } from './stats-routes';

export const ADMIN_ROUTE_MODULES: readonly AdminRouteModule[] = [
  { name: 'api-keys', register: registerAdminKeyRoutes },
  { name: 'events', register: registerEventRoutes },
  { name: 'stats', register: registerStatsRoutes },
];
