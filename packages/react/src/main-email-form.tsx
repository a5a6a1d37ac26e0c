// The e-mail form of SPEC §2 Main shared by the login-link and password methods: the labelled input and 'Continue
// with email', SPEC §5's shape check ('Invalid email address', nothing sent), then `send` for a well-formed address
// while the Main screen shows it submitting; a failure lands in the Main banner (SPEC §8) and the onError callback.
// The texts of some error types are a lazy chunk (error-chunk.ts): it starts loading with the call, so it is there
// when the call fails; the failure waits for it, at most ERROR_CHUNK_WAIT_MS.
import { type FormEvent, useState } from 'react';
import { EmailField } from './email-field';
import { loadErrorStrings } from './error-chunk';
import { describeError } from './errors';
import { isValidEmail } from './validation';
import { useWidget } from './widget-context';

export function MainEmailForm(props: {
  /** Starts loading the code of the screens `send` leads to (a failed load surfaces when they render). */
  preload(): Promise<unknown>;
  /** The method's call for `address`; it dispatches the screen that follows. */
  send(address: string): Promise<void>;
}) {
  const { strings, stringOverrides, state, dispatch, emitError } = useWidget();
  const [email, setEmail] = useState(state.email);
  const submitting = state.screen === 'main.submitting';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    const address = email.trim();
    if (!isValidEmail(address)) {
      dispatch({ type: 'email-invalid', email: address, message: strings.invalidEmailAddress });
      return;
    }
    dispatch({ type: 'email-submitted', email: address });
    props.preload().catch(() => {});
    const errorStrings = loadErrorStrings(stringOverrides);
    try {
      await props.send(address);
    } catch (error) {
      const shown = describeError(error, strings.genericError, { ...strings, ...(await errorStrings) });
      dispatch({ type: 'email-send-failed', banner: { variant: 'error', error: shown } });
      emitError(error);
    }
  };

  return (
    // `|| undefined`: false is each attribute's default, so it is left out (a few bytes fewer here and in the
    // pre-paint's copy of this form, ./pre-paint.ts).
    <form className="gh-form" noValidate onSubmit={onSubmit} aria-busy={submitting || undefined}>
      <EmailField value={email} onChange={setEmail} readOnly={submitting} />
      <button type="submit" className="gh-button gh-button-primary" aria-disabled={submitting || undefined}>
        {submitting ? <span className="gh-spinner" aria-hidden="true" /> : null}
        {strings.continueWithEmail}
      </button>
    </form>
  );
}
