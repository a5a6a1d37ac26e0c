// What each way of confirming shows inside "Confirm it's you" (issue 20 item 3), the step's banner, and its
// buttons. The calls and the state live in reauthentication-step.tsx; these only render and report.
import type { FormEvent, ReactNode, Ref } from 'react';
import { ErrorText } from '../error-strings';
import { PasswordField, ReadOnlyEmail } from '../methods/passwords/password-field';
import { formatString } from '../strings';
import { CODE_LENGTH, CodeInput } from './code-input';
import type { useReauthenticationStrings } from './reauthentication-strings';

export type StepStrings = ReturnType<typeof useReauthenticationStrings>;

interface PanelProps {
  strings: StepStrings;
  /** The secondary sign-in is in flight. */
  confirming: boolean;
  /** The last attempt failed: the field is marked invalid (the banner says why). */
  invalid: boolean;
  /** The step's intro and, after a failure, the banner's message. */
  describedBy: string;
}

interface CodeProps {
  codeId: string;
  codeRef: Ref<HTMLInputElement>;
  code: string;
  onCode(digits: string): void;
  onConfirm(digits: string): void;
}

export function PasskeyPanel({
  strings,
  confirming,
  describedBy,
  onConfirm,
}: PanelProps & { onConfirm(): void }) {
  return (
    <>
      <p className="gh-text">{strings.reauthenticationPasskeyText}</p>
      <button
        type="button"
        className="gh-button gh-button-primary"
        aria-disabled={confirming}
        aria-describedby={describedBy}
        onClick={onConfirm}
      >
        {confirming ? <span className="gh-spinner" aria-hidden="true" /> : null}
        {strings.reauthenticationUsePasskey}
      </button>
    </>
  );
}

function CodeForm(props: PanelProps & CodeProps & { label: string; children?: ReactNode }) {
  const { strings, confirming, invalid, describedBy, codeId, codeRef, code, onCode, onConfirm } = props;
  return (
    <form
      className="gh-form"
      noValidate
      aria-busy={confirming}
      onSubmit={(event) => {
        event.preventDefault();
        if (code.length === CODE_LENGTH) onConfirm(code);
      }}
    >
      {props.children}
      <label className="gh-label" htmlFor={codeId}>
        {props.label}
      </label>
      <CodeInput
        id={codeId}
        inputRef={codeRef}
        value={code}
        onChange={onCode}
        onComplete={onConfirm}
        readOnly={confirming}
        invalid={invalid}
        describedBy={describedBy}
      />
      <ConfirmButton busy={confirming} strings={strings} />
    </form>
  );
}

export function TotpPanel(props: PanelProps & CodeProps) {
  return (
    <CodeForm {...props} label={props.strings.reauthenticationTotpLabel}>
      <p className="gh-text">{props.strings.reauthenticationTotpText}</p>
    </CodeForm>
  );
}

export function PasswordPanel(
  props: PanelProps & {
    email: string;
    password: string;
    onPassword(value: string): void;
    onSubmit(event: FormEvent<HTMLFormElement>): void;
  },
) {
  const { strings, confirming, describedBy } = props;
  return (
    <form className="gh-form" noValidate aria-busy={confirming} onSubmit={props.onSubmit}>
      <p className="gh-text">{strings.reauthenticationPasswordText}</p>
      <ReadOnlyEmail email={props.email} />
      <PasswordField
        value={props.password}
        onChange={props.onPassword}
        autoComplete="current-password"
        readOnly={confirming}
        error={null}
        describedBy={describedBy}
      />
      <ConfirmButton busy={confirming} strings={strings} />
    </form>
  );
}

export function EmailCodePanel(
  props: PanelProps & CodeProps & { email: string; sent: boolean; sending: boolean; onSend(): void },
) {
  const { strings, email, sending, onSend } = props;
  if (!props.sent) {
    return (
      <>
        <p className="gh-text">{formatString(strings.reauthenticationEmailCodeText, { email })}</p>
        <button
          type="button"
          className="gh-button gh-button-primary"
          aria-disabled={sending}
          onClick={onSend}
        >
          {sending ? strings.reauthenticationSending : strings.reauthenticationSendCode}
        </button>
      </>
    );
  }
  return (
    <>
      <CodeForm {...props} label={strings.reauthenticationCodeLabel}>
        <p className="gh-text" role="status">
          {formatString(strings.reauthenticationCodeSent, { email })}
        </p>
      </CodeForm>
      <button type="button" className="gh-link-button" aria-disabled={sending} onClick={onSend}>
        {sending ? strings.reauthenticationSending : strings.reauthenticationSendNewCode}
      </button>
    </>
  );
}

function ConfirmButton({ busy, strings }: { busy: boolean; strings: StepStrings }) {
  return (
    <button type="submit" className="gh-button gh-button-primary" aria-disabled={busy}>
      {busy ? <span className="gh-spinner" aria-hidden="true" /> : null}
      {busy ? strings.reauthenticationConfirming : strings.reauthenticationConfirm}
    </button>
  );
}

/** The step's banner: always rendered, so what appears in it is announced (like the widget's BannerRegion). */
export function StepBanner(props: {
  id: string;
  error: string | null;
  strings: StepStrings;
  onDismiss(): void;
}) {
  return (
    <div className="gh-banner-region" role="status" aria-live="polite" aria-atomic="true">
      {props.error !== null ? (
        <div className="gh-banner gh-banner-error" data-variant="error">
          <p id={props.id}>
            <ErrorText
              error={{ message: props.error, helpUrl: null }}
              helpLinkText={props.strings.errorHelpLink}
            />
          </p>
          <button
            type="button"
            className="gh-banner-dismiss"
            aria-label={props.strings.dismiss}
            onClick={props.onDismiss}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
