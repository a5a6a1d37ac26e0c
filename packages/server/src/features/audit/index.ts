export type { EventActor, EventPayloads, EventType } from './event-types';
export { EVENT_TYPES, eventTypeMatches } from './event-types';
export type { EventExecutor, EventRecord, NewEvent } from './record-event';
export { newEventId, recordEvent } from './record-event';
