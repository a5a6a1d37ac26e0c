// SPEC §5: "Password strength is checked on every change by the server. Continue stays disabled until
// valid_password is true." Changes are debounced (one request per pause in typing) and the latest answer wins:
// each check is numbered and an answer to an older number is dropped, so a slow answer about an earlier
// password never shows (or enables Continue) for the current one (issue 10 item 3).
import { useCallback, useEffect, useRef, useState } from 'react';
import type { PasswordStrengthCheckResult } from '../../client-contract';
import { describeWidgetError, useErrorStrings } from '../../error-strings';
import { useWidget } from '../../widget-context';

/** The pause in typing after which the password is checked. */
export const STRENGTH_CHECK_DEBOUNCE_MS = 250;

export interface StrengthState {
  /** The newest answer and the password it is about (shown until a newer one replaces it). */
  result: PasswordStrengthCheckResult | null;
  checkedPassword: string | null;
  /** SPEC §8: an invalid_email (or any) error of the check shows the server message. */
  error: string | null;
}

const EMPTY: StrengthState = { result: null, checkedPassword: null, error: null };

export function useStrengthCheck(email: string | null) {
  const { client, emitError } = useWidget();
  const strings = useErrorStrings();
  const [state, setState] = useState<StrengthState>(EMPTY);
  const latestRef = useRef(0);
  const timerRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      // Unmounted: no pending request, and no answer applied after.
      if (timerRef.current !== null) clearTimeout(timerRef.current);
      latestRef.current += 1;
    },
    [],
  );

  const check = useCallback(
    (password: string) => {
      latestRef.current += 1;
      const id = latestRef.current;
      if (timerRef.current !== null) clearTimeout(timerRef.current);
      timerRef.current = null;
      if (password === '') {
        setState(EMPTY);
        return;
      }
      timerRef.current = setTimeout(() => {
        timerRef.current = null;
        // wire-format.md §7.1: the reset form checks without an e-mail.
        client.passwords.strengthCheck(email === null ? { password } : { email, password }).then(
          (result) => {
            if (id !== latestRef.current) return;
            setState({ result, checkedPassword: password, error: null });
          },
          (error: unknown) => {
            if (id !== latestRef.current) return;
            setState({
              result: null,
              checkedPassword: null,
              error: describeWidgetError(error, strings.genericError, strings).message,
            });
            emitError(error);
          },
        );
      }, STRENGTH_CHECK_DEBOUNCE_MS);
    },
    [client, email, strings, emitError],
  );

  return { ...state, check };
}

/** SPEC §5: Continue is enabled only by a valid answer about the password in the field now. */
export function isAccepted(state: StrengthState, password: string): boolean {
  return state.result !== null && state.checkedPassword === password && state.result.valid_password;
}
