// The toasts' rules (SPEC §9 toasts; issue 22 finding 10: in the widget's flow, under the form, not fixed over the
// page): rendered with the first toast (toast-viewport.tsx), not carried by every first load (widget-css.ts). The
// region itself is empty until then, so nothing is laid out differently before they arrive.
export const TOAST_CSS = `
.gh-toasts{position:fixed;top:16px;z-index:2147483000;display:flex;
flex-direction:column;gap:8px;align-items:center;pointer-events:none;width:max-content;max-width:calc(100vw - 32px)}
.gh-toast{pointer-events:auto;padding:10px 16px;font-family:var(--gh-font-family);font-size:14px;
color:var(--gh-color-primary);background:var(--gh-toast-background);border:1px solid var(--gh-container-border-color);
border-inline-start-width:4px;border-radius:8px;box-shadow:0 3px 10px rgba(0,0,0,.1);transition:opacity .2s}
.gh-toast-success{border-inline-start-color:var(--gh-color-success)}
.gh-toast-error{border-inline-start-color:var(--gh-color-error)}
.gh-toast[data-visible=false]{opacity:0}
.gh-toast a{color:inherit}
.gh-toasts{position:static;transform:none;align-self:center}
.gh-toast{margin-top:16px}
`;
