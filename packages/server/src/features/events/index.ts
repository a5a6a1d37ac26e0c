export { EventsBody, MAX_EVENT_BYTES, MAX_EVENTS_PER_BATCH, registerEventRoutes } from './events-routes';
