export { METRICS_PATH, registerMetricsRoutes } from './routes';
