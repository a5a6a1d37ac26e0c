// The password screens' rules: the field with its Show/Hide toggle, the hint, Forgot password, the strength meter.
// Issue 22 / issue 21's budget: rules only this screen group uses live beside it, in its lazy chunk, not in the
// stylesheet every first load carries (widget-css.ts); <ScreenStyles> renders them with the screen.
export const PASSWORD_CSS = `
.gh-password-field{position:relative;display:flex;align-items:center}
.gh-password-field .gh-input{padding-inline-end:calc(var(--gh-password-toggle-width,8em) + 20px)}
.gh-password-field .gh-input::-ms-reveal{display:none}
.gh-password-toggle{position:absolute;inset-inline-end:12px;display:inline-grid;min-height:24px;font-size:14px;
white-space:nowrap}
.gh-password-toggle-label{grid-area:1/1;text-align:center}
.gh-password-toggle-label[data-current=false]{visibility:hidden}
.gh-field-hint{margin:0;font-size:14px;color:var(--gh-color-secondary)}
.gh-forgot{align-self:flex-start}
.gh-strength{display:flex;flex-direction:column;gap:4px;font-size:14px}
.gh-strength:empty{display:none}
.gh-strength-meter{display:flex;gap:4px}
.gh-strength-segment{flex:1;height:4px;border-radius:2px;background:var(--gh-container-border-color)}
.gh-strength-meter[data-score="0"] .gh-strength-segment[data-filled=true],
.gh-strength-meter[data-score="1"] .gh-strength-segment[data-filled=true],
.gh-strength-meter[data-score="2"] .gh-strength-segment[data-filled=true]{background:var(--gh-color-error)}
.gh-strength-meter[data-score="3"] .gh-strength-segment[data-filled=true],
.gh-strength-meter[data-score="4"] .gh-strength-segment[data-filled=true]{background:var(--gh-color-success)}
.gh-strength-warning{margin:0;color:var(--gh-color-error)}
.gh-requirement{margin:0;display:flex;gap:6px;color:var(--gh-color-error)}
.gh-requirement[data-met=true]{color:var(--gh-color-success)}
`;
