// Issue 22 "Themes" / finding 10 ("one wide code box"): the six-box passcode input people know from other sign-in
// products. ONE real <input> carries everything (its <label>, `autocomplete="one-time-code"` so the browser or OS
// offers a code it received, `inputmode="numeric"`, maxlength 6, pattern, aria-invalid/-describedby); it lies
// transparent over six boxes that only draw its value (aria-hidden, so a screen reader meets a single text field).
// The box after the last digit is the caret box, highlighted while the input has focus (widget-css.ts .gh-code*;
// Chrome's autofill background is held off there with a long transition, so an autofilled code shows in the boxes).
// SPEC §5: digits only, at most 6; a pasted ' 123 456 ' or '123-456' keeps its digits; SPEC §2 OTPAuthenticate:
// the sixth digit submits by itself. Used by OTPAuthenticate, the "Confirm it's you" code step and the web app's
// two-step sign-in (apps/web/src/step-up).
import { CONSTANTS } from '@gatehouse/protocol';
import type { ClipboardEvent, Ref, SyntheticEvent } from 'react';
import { CODE_CSS } from './code-css';
import { ScreenStyles } from './screen-styles';

/** SPEC §2: passcodes (and authenticator-app codes, RFC 6238) have six digits. */
export const CODE_LENGTH = CONSTANTS.passcodeLength;

/** Digits only, at most six. */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export interface CodeInputProps {
  id: string;
  inputRef?: Ref<HTMLInputElement>;
  value: string;
  onChange(digits: string): void;
  /** Called once with the six digits when the last one arrives (typed, pasted or autofilled). */
  onComplete(digits: string): void;
  readOnly: boolean;
  invalid: boolean;
  describedBy?: string;
  /** The form field name ('code' unless given). */
  name?: string;
}

/** Keeps the caret after the last digit, so typing appends and Backspace removes the last digit. */
function caretToEnd(event: SyntheticEvent<HTMLInputElement>) {
  const input = event.currentTarget;
  const end = input.value.length;
  if (input.selectionStart !== end || input.selectionEnd !== end) input.setSelectionRange(end, end);
}

export function CodeInput({
  id,
  inputRef,
  value,
  onChange,
  onComplete,
  readOnly,
  invalid,
  describedBy,
  name = 'code',
}: CodeInputProps) {
  const update = (next: string) => {
    const digits = codeDigits(next);
    onChange(digits);
    if (digits.length === CODE_LENGTH && digits !== value) onComplete(digits);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    // The browser cuts pasted text to maxlength before `change`, so ' 123 456 ' would arrive as ' 123 4' and never
    // submit: the pasted text replaces the code (the caret is always at its end) and keeps its digits.
    if (readOnly) return;
    event.preventDefault();
    const pasted = codeDigits(event.clipboardData.getData('text'));
    update(pasted.length === CODE_LENGTH ? pasted : value + pasted);
  };
  const active = Math.min(value.length, CODE_LENGTH - 1);
  return (
    // Issue 27 item 3: the code's digits run left to right in every locale (the six boxes too).
    <div className="gh-code" dir="ltr">
      <input
        ref={inputRef}
        id={id}
        className="gh-code-input"
        type="text"
        name={name}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={CODE_LENGTH}
        spellCheck={false}
        value={value}
        readOnly={readOnly}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        onChange={(event) => update(event.target.value)}
        onPaste={onPaste}
        onSelect={caretToEnd}
        onFocus={caretToEnd}
      />
      <div className="gh-code-boxes" aria-hidden="true">
        {Array.from({ length: CODE_LENGTH }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: six fixed positions.
            key={index}
            className="gh-code-box"
            data-active={index === active ? 'true' : undefined}
          >
            {value[index] ?? ''}
          </span>
        ))}
      </div>
      {/* After the input and the boxes, so the `input + boxes` rules still find them adjacent. */}
      <ScreenStyles css={CODE_CSS} />
    </div>
  );
}
