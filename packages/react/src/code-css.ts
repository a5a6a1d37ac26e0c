// The six-box code input's rules (CodeInput, ./code-input.tsx). Issue 23 item 4: they live beside the component,
// in the lazy chunks of the screens that ask for a code, not in the stylesheet every first load carries
// (widget-css.ts); <ScreenStyles> renders them with the input, so the boxes never paint unstyled.
export const CODE_CSS = `
.gh-code{position:relative}
.gh-code-input{position:absolute;inset:0;width:100%;height:100%;padding:0;font:inherit;color:transparent;
caret-color:transparent;background:transparent;border:0;outline:none;-webkit-text-fill-color:transparent}
.gh-code-input::selection{background:transparent}
.gh-code-input:-webkit-autofill{transition:background-color 1e6s}
.gh-code-boxes{display:grid;grid-template-columns:repeat(6,1fr);gap:8px}
.gh-code-box{display:flex;align-items:center;justify-content:center;height:var(--gh-button-height);font-size:24px;
font-variant-numeric:tabular-nums;color:var(--gh-input-text-color);background:var(--gh-input-background-color);
border:1px solid var(--gh-input-border-color);border-radius:var(--gh-input-border-radius)}
.gh-code-input[aria-invalid=true]+.gh-code-boxes .gh-code-box{border-color:var(--gh-color-error)}
.gh-code-input:focus+.gh-code-boxes .gh-code-box[data-active=true]{outline:2px solid var(--gh-color-primary);
outline-offset:1px}
.gh-code-input:focus+.gh-code-boxes .gh-code-box[data-active=true]:empty::after{content:"";width:1px;height:1.2em;
background:currentColor}
`;
