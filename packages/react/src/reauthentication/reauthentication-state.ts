// DESIGN convention 6: the "Confirm it's you" step (issue 20 item 3) is one finite state, rendered as `data-state`
// on the step, changed only by this reducer. `reauthentication.<method>` waits for the person; `.confirming` is the
// secondary sign-in in flight (the passkey prompt, a code or password being checked); the e-mail code is sent first
// (`.sending`, then `.code-sent`); `retrying` is the original action running again after the confirmation;
// `unavailable` means no method of theirs can confirm here.
import type { ReauthenticationMethod } from './reauthentication-methods';

export type ReauthenticationScreen =
  | 'reauthentication.unavailable'
  | 'reauthentication.passkey'
  | 'reauthentication.passkey.confirming'
  | 'reauthentication.totp'
  | 'reauthentication.totp.confirming'
  | 'reauthentication.password'
  | 'reauthentication.password.confirming'
  | 'reauthentication.email-code'
  | 'reauthentication.email-code.sending'
  | 'reauthentication.email-code.code-sent'
  | 'reauthentication.email-code.confirming'
  | 'reauthentication.retrying';

export interface ReauthenticationState {
  screen: ReauthenticationScreen;
  /** The methods offered, best first (fixed when the step opens). */
  methods: readonly ReauthenticationMethod[];
  /** The last failure, shown in the step's banner until the next attempt or another method. */
  error: string | null;
  /** The e-mailed code's method id (wire-format.md §4.5), once sent. */
  methodId: string | null;
}

export type ReauthenticationAction =
  | { type: 'choose'; method: ReauthenticationMethod }
  | { type: 'send-started' }
  | { type: 'code-sent'; methodId: string }
  | { type: 'send-failed'; message: string }
  | { type: 'confirm-started' }
  | { type: 'confirm-failed'; message: string }
  | { type: 'confirmed' }
  | { type: 'dismiss-error' };

export function methodOf(screen: ReauthenticationScreen): ReauthenticationMethod | null {
  const method = screen.split('.')[1];
  return method === 'passkey' || method === 'totp' || method === 'password' || method === 'email-code'
    ? method
    : null;
}

function waitingScreen(method: ReauthenticationMethod): ReauthenticationScreen {
  return `reauthentication.${method}`;
}

export function initialReauthenticationState(
  methods: readonly ReauthenticationMethod[],
): ReauthenticationState {
  const first = methods[0];
  return {
    screen: first === undefined ? 'reauthentication.unavailable' : waitingScreen(first),
    methods,
    error: null,
    methodId: null,
  };
}

/** Whether the person may act (choose, send, confirm): nothing in flight, not finishing. */
export function isIdle(screen: ReauthenticationScreen): boolean {
  return (
    screen !== 'reauthentication.retrying' &&
    screen !== 'reauthentication.email-code.sending' &&
    !screen.endsWith('.confirming')
  );
}

export function reauthenticationReducer(
  state: ReauthenticationState,
  action: ReauthenticationAction,
): ReauthenticationState {
  switch (action.type) {
    case 'choose':
      if (!isIdle(state.screen) || !state.methods.includes(action.method)) return state;
      return { ...state, screen: waitingScreen(action.method), error: null, methodId: null };
    case 'send-started':
      if (
        state.screen !== 'reauthentication.email-code' &&
        state.screen !== 'reauthentication.email-code.code-sent'
      )
        return state;
      return { ...state, screen: 'reauthentication.email-code.sending', error: null };
    case 'code-sent':
      if (state.screen !== 'reauthentication.email-code.sending') return state;
      // A new code voids the old one: its method id replaces the old.
      return { ...state, screen: 'reauthentication.email-code.code-sent', methodId: action.methodId };
    case 'send-failed':
      if (state.screen !== 'reauthentication.email-code.sending') return state;
      return {
        ...state,
        screen:
          state.methodId === null ? 'reauthentication.email-code' : 'reauthentication.email-code.code-sent',
        error: action.message,
      };
    case 'confirm-started': {
      const method = methodOf(state.screen);
      const ready =
        method === 'email-code'
          ? state.screen === 'reauthentication.email-code.code-sent'
          : method !== null && state.screen === waitingScreen(method);
      if (!ready) return state;
      return {
        ...state,
        screen: `reauthentication.${method}.confirming` as ReauthenticationScreen,
        error: null,
      };
    }
    case 'confirm-failed': {
      const method = methodOf(state.screen);
      if (method === null || !state.screen.endsWith('.confirming')) return state;
      return {
        ...state,
        screen: method === 'email-code' ? 'reauthentication.email-code.code-sent' : waitingScreen(method),
        error: action.message,
      };
    }
    case 'confirmed':
      if (!state.screen.endsWith('.confirming')) return state;
      return { ...state, screen: 'reauthentication.retrying', error: null };
    case 'dismiss-error':
      return state.error === null ? state : { ...state, error: null };
  }
}
