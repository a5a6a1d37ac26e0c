// Issue 26 item 1: the console's pages, with TanStack Router (DESIGN.md's chosen router) under the base path
// /console. One pathless layout route holds everything that needs a signed-in operator (auth-gate.tsx, then the
// shell); the login-link landing /console/authenticate sits beside it. Each screen's search parameters are checked
// by search-params.ts, so the state of a list (query, filters, page) is its address.
import {
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
} from '@tanstack/react-router';
import { AuthGate } from './auth-gate';
import { CONSOLE_BASE_PATH } from './console-client';
import { validateMessagesSearch, validateWebhooksSearch } from './messages-search';
import { AuthenticateScreen } from './screens/authenticate-screen';
import { NotFoundScreen } from './screens/not-found-screen';
import { validateActivitySearch, validateOverviewSearch, validateUsersSearch } from './search-params';
import { Shell } from './shell';

const rootRoute = createRootRoute({ component: Outlet, notFoundComponent: NotFoundScreen });

const consoleRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  component: () => (
    <AuthGate>
      <Shell>
        <Outlet />
      </Shell>
    </AuthGate>
  ),
});

const overviewRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: '/',
  validateSearch: validateOverviewSearch,
  // The chart library is the largest part of the console: only the overview loads it.
  component: lazyRouteComponent(() => import('./screens/overview-screen'), 'OverviewScreen'),
});

const usersRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'users',
  validateSearch: validateUsersSearch,
  component: lazyRouteComponent(() => import('./screens/users-screen'), 'UsersScreen'),
});

const userDetailRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'users/$userId',
  component: lazyRouteComponent(() => import('./screens/user-detail-screen'), 'UserDetailScreen'),
});

const activityRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'activity',
  validateSearch: validateActivitySearch,
  component: lazyRouteComponent(() => import('./screens/activity-screen'), 'ActivityScreen'),
});

const settingsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'settings',
  component: lazyRouteComponent(() => import('./screens/settings-screen'), 'SettingsScreen'),
});

const messagesRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'messages',
  validateSearch: validateMessagesSearch,
  component: lazyRouteComponent(() => import('./screens/messages-screen'), 'MessagesScreen'),
});

const webhooksRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'webhooks',
  validateSearch: validateWebhooksSearch,
  component: lazyRouteComponent(() => import('./screens/webhooks-screen'), 'WebhooksScreen'),
});

// Issue 26 "Branding": the preview renders the widget's reset-password and passkey screens too; only this chunk
// carries what the sign-in screen does not.
const brandingRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'branding',
  component: lazyRouteComponent(() => import('./screens/branding-screen'), 'BrandingScreen'),
});

// Issue 26 (Import and export, Operators and API keys).
const importRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'import',
  component: lazyRouteComponent(() => import('./screens/import-screen'), 'ImportScreen'),
});

const operatorsRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'operators',
  component: lazyRouteComponent(() => import('./screens/operators-screen'), 'OperatorsScreen'),
});

const apiKeysRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'api-keys',
  component: lazyRouteComponent(() => import('./screens/api-keys-screen'), 'ApiKeysScreen'),
});

// Issue 26 item 3: Security (the same range control as the overview) and System.
const securityRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'security',
  validateSearch: validateOverviewSearch,
  component: lazyRouteComponent(() => import('./screens/security-screen'), 'SecurityScreen'),
});

const systemRoute = createRoute({
  getParentRoute: () => consoleRoute,
  path: 'system',
  component: lazyRouteComponent(() => import('./screens/system-screen'), 'SystemScreen'),
});

const authenticateRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'authenticate',
  component: AuthenticateScreen,
});

export const routeTree = rootRoute.addChildren([
  consoleRoute.addChildren([
    overviewRoute,
    usersRoute,
    userDetailRoute,
    activityRoute,
    messagesRoute,
    webhooksRoute,
    settingsRoute,
    brandingRoute,
    importRoute,
    operatorsRoute,
    apiKeysRoute,
    securityRoute,
    systemRoute,
  ]),
  authenticateRoute,
]);

export function createConsoleRouter(options: { history?: RouterHistory } = {}) {
  return createRouter({
    routeTree,
    basepath: CONSOLE_BASE_PATH,
    ...(options.history === undefined ? {} : { history: options.history }),
    // Data comes from TanStack Query in the screens; the router only matches and keeps the search state.
    defaultPreload: false,
    scrollRestoration: true,
  });
}

export type ConsoleRouter = ReturnType<typeof createConsoleRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: ConsoleRouter;
  }
}
