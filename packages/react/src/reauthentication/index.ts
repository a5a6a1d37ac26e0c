// Issue 20 item 3: the "Confirm it's you" step and the guard that opens it.

export { Reauthentication, type ReauthenticationProps } from './reauthentication';
export {
  isReauthenticationCancelled,
  type ReauthenticationReason,
  reauthenticationReasonOf,
} from './reauthentication-errors';
export type { EnabledMethods, ReauthenticationMethod } from './reauthentication-methods';
export {
  type ReauthenticationGuard,
  type ReauthenticationRequest,
  useReauthentication,
} from './use-reauthentication';
