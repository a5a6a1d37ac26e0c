// Issue 20 item 3: the "Confirm it's you" step and the guard that opens it; and its six-box code input (issue 22),
// for a page's own code screens (the web app's two-step sign-in).
export { CODE_LENGTH, CodeInput, type CodeInputProps, codeDigits } from '../code-input';

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
