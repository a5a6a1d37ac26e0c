// The social buttons' rules (issue 22 finding 9: a long provider name is cut, not wrapped, at 320 px): rendered
// with the section (oauth-section.tsx), not carried by every first load (widget-css.ts).
export const OAUTH_CSS = `
.gh-oauth-button>span{min-width:0;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.gh-oauth-logo{flex-shrink:0}
`;
