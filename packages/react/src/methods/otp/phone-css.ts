// The phone form's rules: the country picker ("US +1" over the real select at 320 px, issue 22 finding 9) and the number.
// Issue 22 / issue 21's budget: rules only this screen group uses live beside it, in its lazy chunk, not in the
// stylesheet every first load carries (widget-css.ts); <ScreenStyles> renders them with the screen.
export const PHONE_CSS = `
.gh-phone-row{display:flex;gap:8px;align-items:flex-end}
.gh-phone-country{display:flex;flex-direction:column;gap:8px;flex:0 0 40%;min-width:0}
.gh-phone-number{display:flex;flex-direction:column;gap:8px;flex:1;min-width:0}
.gh-select{padding:0 8px;text-overflow:ellipsis}
.gh-phone-country{flex:0 0 6.5em}
.gh-country-picker{position:relative}
.gh-country-value{display:flex;align-items:center;white-space:nowrap}
.gh-country-value::after{content:"";margin-inline-start:auto;border:5px solid transparent;border-top-color:currentColor;
border-bottom:0}
.gh-country-picker .gh-select{position:absolute;inset:0;opacity:0;cursor:pointer}
.gh-country-picker:focus-within .gh-country-value{outline:2px solid var(--gh-color-primary);outline-offset:2px}
`;
