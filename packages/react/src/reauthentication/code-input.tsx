// The "Confirm it's you" step's code input (issue 20 item 3) is the shared six-box input (issue 22 "Themes"):
// ../code-input.tsx.
export { CODE_LENGTH, CodeInput, type CodeInputProps, codeDigits } from '../code-input';
