// SPEC §2: the password input with a show/hide toggle. `autocomplete` is current-password (log in) or
// new-password (create, reset) so password managers fill and save it (issue 10 item 3), inside the shadow root
// too (the attribute travels with the input). The field's error sits under it in a live region.
//
// Issue 22 finding 4: the toggle says what it will do ('Show password', then 'Hide password'), its name being its
// state, so it carries no aria-pressed (WAI-ARIA APG, button pattern: a toggle's label must not change when it has
// aria-pressed; "Hide password, pressed" would contradict itself). Both labels sit in the button, stacked, the
// other one invisible, so the button is as wide as the longer label and does not jump when clicked. The toggle
// overlays the input's end; the input keeps that much room (padding-inline-end, from the toggle's measured width
// through --gh-password-toggle-width) so typed text never runs under it, whatever the strings' language.
import { type CSSProperties, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '../../field-error';
import { ScreenStyles } from '../../screen-styles';
import { PASSWORD_CSS } from './password-css';
import { usePasswordStrings } from './password-strings';

export interface PasswordFieldProps {
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  readOnly: boolean;
  error: string | null;
  /** Extra content announced with the field (the strength feedback); its element id goes in describedBy. */
  describedBy?: string;
  /** A hint shown under the label and announced with the field (the minimum length of a new password). */
  hint?: string;
  children?: ReactNode;
}

export function PasswordField({
  value,
  onChange,
  autoComplete,
  readOnly,
  error,
  describedBy,
  hint,
  children,
}: PasswordFieldProps) {
  const strings = usePasswordStrings();
  const inputId = useId();
  const errorId = useId();
  const hintId = useId();
  const [shown, setShown] = useState(false);
  const toggleWidth = useToggleWidth();
  const described = [hint !== undefined ? hintId : null, error !== null ? errorId : null, describedBy ?? null]
    .filter((id) => id !== null)
    .join(' ');
  return (
    <>
      <ScreenStyles css={PASSWORD_CSS} />
      <label className="gh-label" htmlFor={inputId}>
        {strings.passwordLabel}
      </label>
      {hint !== undefined ? (
        <p id={hintId} className="gh-field-hint">
          {hint}
        </p>
      ) : null}
      <div className="gh-password-field" style={toggleWidth.style}>
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
          ref={toggleWidth.ref}
          type="button"
          className="gh-link-button gh-password-toggle"
          aria-controls={inputId}
          onClick={() => setShown((current) => !current)}
        >
          <span
            className="gh-password-toggle-label"
            data-current={shown ? 'false' : 'true'}
            aria-hidden={shown ? true : undefined}
          >
            {strings.showPassword}
          </span>
          <span
            className="gh-password-toggle-label"
            data-current={shown ? 'true' : 'false'}
            aria-hidden={shown ? undefined : true}
          >
            {strings.hidePassword}
          </span>
        </button>
      </div>
      {children}
      <FieldError id={errorId} message={error} />
    </>
  );
}

/**
 * The toggle's rendered width as --gh-password-toggle-width on the field, kept current as it changes (fonts
 * loading, zoom, other strings). Until measured, or where nothing is laid out, the stylesheet's fallback applies.
 */
function useToggleWidth() {
  const ref = useRef<HTMLButtonElement>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const toggle = ref.current;
    if (toggle === null) return;
    const measure = () => {
      // Layout pixels (offsetWidth), the unit of the padding, untouched by transforms above the widget.
      const measured = toggle.offsetWidth;
      // 0: not laid out (display:none somewhere above, or no layout engine): keep the fallback.
      if (measured > 0) setWidth(measured);
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(toggle);
    return () => observer.disconnect();
  }, []);
  const style =
    width === null ? undefined : ({ '--gh-password-toggle-width': `${width}px` } as CSSProperties);
  return { ref, style };
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
        dir="ltr"
        autoComplete="username"
        readOnly
        value={email}
      />
    </>
  );
}
