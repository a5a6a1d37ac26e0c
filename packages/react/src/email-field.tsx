// The labelled e-mail input shared by the login-link form and the e-mail passcode form (SPEC §2 Main): one input
// with the right autocomplete (passkey autofill rides on it, see config.ts), its error under it in a live region.
import { useId } from 'react';
import { emailInputAutocomplete } from './config';
import { FieldError } from './field-error';
import { useWidget } from './widget-context';

export interface EmailFieldProps {
  value: string;
  onChange(value: string): void;
  readOnly: boolean;
}

export function EmailField({ value, onChange, readOnly }: EmailFieldProps) {
  const { products, strings, state } = useWidget();
  const inputId = useId();
  const errorId = useId();
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
        // Issue 27 item 3: an address reads left to right inside a right-to-left widget.
        dir="ltr"
        inputMode="email"
        autoComplete={emailInputAutocomplete(products)}
        autoCapitalize="none"
        spellCheck={false}
        required
        placeholder={strings.emailPlaceholder}
        value={value}
        readOnly={readOnly}
        aria-invalid={state.fieldError !== null || undefined}
        aria-describedby={state.fieldError !== null ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      <FieldError id={errorId} message={state.fieldError} />
    </>
  );
}
