export type { EventActor, EventPayloads, EventType } from './event-types';
export { EVENT_TYPES, eventTypeMatches } from './event-types';
export type { EventRequest } from './own-events';
export { recordOwnEvent, recordSignInFailed } from './own-events';
export type { EventExecutor, EventRecord, NewEvent } from './record-event';
export { newEventId, recordEvent } from './record-event';
export { recordRefusal, refusalEventsHook, SIGN_IN_ROUTES, signInMethodOf } from './refusal-events';
