export { BACKEND_ROUTES, registerBackendApiRoutes } from './routes';
