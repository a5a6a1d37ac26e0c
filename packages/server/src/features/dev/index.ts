export { registerDevRoutes } from './dev-routes';
