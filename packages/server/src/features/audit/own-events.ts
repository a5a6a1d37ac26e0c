// Issue 25 item 1: the two shapes most SDK-side events take, so each feature states only its type and payload. A
// user acting on their own account (signed in, or proving an address, a code or a key that is theirs) is both the
// actor and the subject; a refused sign-in is anonymous unless a session says who tried. The request's IP, user
// agent and id come with it (`request` null: no request, such as the CLI).
import type { RequestContext } from '../../infra/context';
import type { EventPayloads, EventType } from './event-types';
import { type EventExecutor, recordEvent } from './record-event';

/** What an event needs of the request that caused it. */
export type EventRequest = Pick<RequestContext, 'ip' | 'userAgent' | 'requestId'> & {
  project: Pick<RequestContext['project'], 'id'>;
};

/** An event of `userId` on their own account: actor and subject are the user. */
export async function recordOwnEvent<T extends EventType>(
  executor: EventExecutor,
  request: EventRequest,
  options: { type: T; userId: string; payload: EventPayloads[T]; at: Date },
): Promise<void> {
  await recordEvent(
    executor,
    {
      projectId: request.project.id,
      type: options.type,
      actor: { type: 'user', id: options.userId },
      subjectUserId: options.userId,
      request,
      payload: options.payload,
    },
    options.at,
  );
}

/**
 * `sign_in.failed` of `method` (the factor type a success would have added) with why. `userId`: whose account the
 * attempt was on, when known; `signedIn`: the caller's session is that user's (a second factor's code), so the
 * actor is the user, else anonymous.
 */
export async function recordSignInFailed(
  executor: EventExecutor,
  request: EventRequest,
  options: { method: string; reason: string; userId: string | null; signedIn?: boolean; at: Date },
): Promise<void> {
  await recordEvent(
    executor,
    {
      projectId: request.project.id,
      type: 'sign_in.failed',
      actor:
        options.signedIn === true && options.userId !== null
          ? { type: 'user', id: options.userId }
          : { type: 'anonymous' },
      subjectUserId: options.userId,
      request,
      payload: { method: options.method, reason: options.reason },
    },
    options.at,
  );
}
