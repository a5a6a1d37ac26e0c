// The passkey registration mode's rules: the list of existing passkeys, its rows, rename and delete.
// Issue 22 / issue 21's budget: rules only this screen group uses live beside it, in its lazy chunk, not in the
// stylesheet every first load carries (widget-css.ts); <ScreenStyles> renders them with the screen.
export const PASSKEYS_CSS = `
.gh-subheading{margin:0 0 8px;font-size:16px;font-weight:600}
.gh-passkey-list{margin:0;padding:0;list-style:none;display:flex;flex-direction:column;gap:8px}
.gh-passkey-row{display:flex;align-items:center;gap:12px;min-height:var(--gh-button-height);padding:0 12px;
border:1px solid var(--gh-container-border-color);border-radius:var(--gh-input-border-radius)}
.gh-passkey-row[data-row-state=editing]{padding:0;border:0}
.gh-passkey-row[data-row-state=marked-for-deletion]{border-color:var(--gh-color-error)}
.gh-passkey-name{flex:1;min-width:0;overflow-wrap:anywhere}
.gh-passkey-actions{display:flex;gap:12px}
.gh-passkey-edit{display:flex;gap:8px;width:100%}
.gh-button-inline{width:auto}
.gh-delete-warning{color:var(--gh-color-error)}
`;
