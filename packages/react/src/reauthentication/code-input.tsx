// A six-digit code input for the "Confirm it's you" step (issue 20 item 3), as SPEC §5 asks of passcode inputs:
// digits only, at most 6, `one-time-code` autofill; a pasted '123 456' keeps its digits; the sixth digit submits.
import { CONSTANTS } from '@gatehouse/protocol';
import type { ClipboardEvent, Ref } from 'react';

const CODE_LENGTH = CONSTANTS.passcodeLength;

/** Digits only, at most six. */
export function codeDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

export interface CodeInputProps {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  onChange(digits: string): void;
  /** Called with the six digits when the last one arrives. */
  onComplete(digits: string): void;
  readOnly: boolean;
  invalid: boolean;
  describedBy: string;
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
}: CodeInputProps) {
  const update = (next: string) => {
    const digits = codeDigits(next);
    onChange(digits);
    if (digits.length === CODE_LENGTH && digits !== value) onComplete(digits);
  };
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    // The browser cuts pasted text to maxlength before `change` (see otp-authenticate.tsx): keep its digits here.
    if (readOnly) return;
    event.preventDefault();
    const input = event.currentTarget;
    const start = input.selectionStart ?? input.value.length;
    const end = input.selectionEnd ?? start;
    update(input.value.slice(0, start) + event.clipboardData.getData('text') + input.value.slice(end));
  };
  return (
    <input
      ref={inputRef}
      id={id}
      className="gh-input gh-otp-input"
      type="text"
      name="code"
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
    />
  );
}

export { CODE_LENGTH };
