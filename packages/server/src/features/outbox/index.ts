export { renderOutboxPage } from './outbox-page';
export { registerOutboxRoutes } from './routes';
