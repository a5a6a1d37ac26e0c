// SPEC §2: the password input with a show/hide toggle. `autocomplete` is current-password (log in) or
// new-password (create, reset) so password managers fill and save it (issue 10 item 3), inside the shadow root
// too (the attribute travels with the input). The field's error sits under it in a live region.
import { type ReactNode, useId, useState } from 'react';
import { FieldError } from '../../field-error';
import { usePasswordStrings } from './password-strings';

export interface PasswordFieldProps {
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  readOnly: boolean;
  error: string | null;
  /** Extra content announced with the field (the strength feedback); its element id goes in describedBy. */
  describedBy?: string;
  children?: ReactNode;
}

export function PasswordField({
  value,
  onChange,
  autoComplete,
  readOnly,
  error,
  describedBy,
  children,
}: PasswordFieldProps) {
  const strings = usePasswordStrings();
  const inputId = useId();
  const errorId = useId();
  const [shown, setShown] = useState(false);
  const described = [error !== null ? errorId : null, describedBy ?? null]
    .filter((id) => id !== null)
    .join(' ');
  return (
    <>
      <label className="gh-label" htmlFor={inputId}>
        {strings.passwordLabel}
      </label>
      <div className="gh-password-field">
        <input
          id={inputId}
          className="gh-input"
          type={shown ? 'text' : 'password'}
          name="password"
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          required
          value={value}
          readOnly={readOnly}
          aria-invalid={error !== null}
          aria-describedby={described === '' ? undefined : described}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="gh-link-button gh-password-toggle"
          aria-controls={inputId}
          aria-pressed={shown}
          onClick={() => setShown((current) => !current)}
        >
          {strings.showPassword}
        </button>
      </div>
      {children}
      <FieldError id={errorId} message={error} />
    </>
  );
}

/** SPEC §2 login variant: the read-only e-mail, `autocomplete=username` so a password manager pairs the two. */
export function ReadOnlyEmail({ email }: { email: string }) {
  const strings = usePasswordStrings();
  const inputId = useId();
  return (
    <>
      <label className="gh-label" htmlFor={inputId}>
        {strings.emailLabel}
      </label>
      <input
        id={inputId}
        className="gh-input"
        type="email"
        name="email"
        autoComplete="username"
        readOnly
        value={email}
      />
    </>
  );
}
