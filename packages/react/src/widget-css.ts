// DESIGN "Front end": plain CSS with custom properties (theme.ts sets them on the root), injected once into
// document.head or into the shadow root the widget renders in. No CSS-in-JS runtime.
import { BUTTON_HEIGHT, FONT_FALLBACK, LOGO_MAX_HEIGHT, LOGO_MAX_WIDTH } from './constants';

/** Marks the injected <style> so it is added once per document or shadow root. */
export const STYLE_ELEMENT_ATTRIBUTE = 'data-gatehouse-styles';

/**
 * wire-format.md §7.3 defaults (SPEC §9 "Default container" and "Colours", sizes): one custom property per
 * StyleConfig key. The root's inline style sets only the integrator's keys, and inline wins (theme.ts).
 * Inputs' text and border follow colors.primary (§7.3), also when only colors.primary is set.
 */
const LIGHT = `--gh-container-background-color:#FFFFFF;--gh-container-border-color:#ADBCC5;
--gh-container-border-radius:8px;--gh-container-width:400px;--gh-color-primary:#19303D;--gh-color-secondary:#5C727D;
--gh-color-success:#0C5A56;--gh-color-error:#8B1214;--gh-button-primary-background-color:#19303D;
--gh-button-primary-text-color:#FFFFFF;--gh-button-primary-border-color:#19303D;--gh-button-primary-border-radius:4px;
--gh-button-secondary-background-color:#FFFFFF;--gh-button-secondary-text-color:#19303D;
--gh-button-secondary-border-color:#19303D;--gh-button-secondary-border-radius:4px;
--gh-input-background-color:transparent;--gh-input-text-color:var(--gh-color-primary);
--gh-input-placeholder-color:#8296A1;--gh-input-border-color:var(--gh-color-primary);--gh-input-border-radius:4px;
--gh-font-family:${FONT_FALLBACK};--gh-button-height:${BUTTON_HEIGHT};--gh-logo-max-height:${LOGO_MAX_HEIGHT};
--gh-logo-max-width:${LOGO_MAX_WIDTH};--gh-toast-background:#FFFFFF;color-scheme:light`;

/**
 * Issue 22 "Themes": the dark defaults, colours only (every text colour ≥ 4.5:1 on the background, WCAG AA;
 * e2e/tests/theme.spec.ts runs axe on them). `color-scheme` makes form controls and scrollbars dark too.
 */
const DARK = `--gh-container-background-color:#14212A;--gh-container-border-color:#5C727D;
--gh-color-primary:#E3EBEF;--gh-color-secondary:#A9BAC3;--gh-color-success:#6FD1C6;--gh-color-error:#FF9B92;
--gh-button-primary-background-color:#E3EBEF;--gh-button-primary-text-color:#14212A;
--gh-button-primary-border-color:#E3EBEF;--gh-button-secondary-background-color:#14212A;
--gh-button-secondary-text-color:#E3EBEF;--gh-button-secondary-border-color:#E3EBEF;
--gh-input-placeholder-color:#8FA3AE;--gh-toast-background:#14212A;color-scheme:dark`;

export const WIDGET_CSS = `
.gh-widget{${LIGHT}}
.gh-widget[data-color-scheme=dark]{${DARK}}
@media (prefers-color-scheme:dark){.gh-widget[data-color-scheme=auto]{${DARK}}}
.gh-widget{box-sizing:border-box;width:var(--gh-container-width);max-width:100%;padding:40px 32px 24px;
background:var(--gh-container-background-color);border:1px solid var(--gh-container-border-color);
border-radius:var(--gh-container-border-radius);color:var(--gh-color-primary);font-family:var(--gh-font-family);
font-size:16px;line-height:1.4;text-align:start}
.gh-widget[aria-busy=true]>*{visibility:hidden}
.gh-widget *,.gh-widget *::before,.gh-widget *::after{box-sizing:border-box}
.gh-screen{display:flex;flex-direction:column;gap:24px}
.gh-contents{display:contents}.gh-contents[hidden]{display:none}
.gh-logo{display:flex;justify-content:center}
.gh-logo img{max-height:var(--gh-logo-max-height);max-width:var(--gh-logo-max-width);object-fit:contain}
.gh-heading{margin:0;font-size:24px;font-weight:600;line-height:1.25;color:var(--gh-color-primary)}
.gh-heading:focus,.gh-heading:focus-visible{outline:none}
.gh-text{margin:0;color:var(--gh-color-secondary)}
.gh-text strong{color:var(--gh-color-primary)}
.gh-visually-hidden{position:absolute!important;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;
clip:rect(0 0 0 0);white-space:nowrap;border:0}
.gh-form{display:flex;flex-direction:column;gap:8px}
.gh-label{font-size:14px;font-weight:600;color:var(--gh-color-primary)}
.gh-input{width:100%;height:var(--gh-button-height);padding:0 12px;font:inherit;color:var(--gh-input-text-color);
background:var(--gh-input-background-color);border:1px solid var(--gh-input-border-color);
border-radius:var(--gh-input-border-radius)}
.gh-input::placeholder{color:var(--gh-input-placeholder-color);opacity:1}
.gh-input[aria-invalid=true]{border-color:var(--gh-color-error)}
.gh-field-error{margin:0;font-size:14px;color:var(--gh-color-error)}
.gh-button{display:flex;align-items:center;justify-content:center;gap:8px;width:100%;height:var(--gh-button-height);
padding:0 16px;font:inherit;font-weight:600;cursor:pointer;border:1px solid;text-decoration:none}
.gh-button[disabled],.gh-button[aria-disabled=true]{cursor:default;opacity:.6}
.gh-button:focus-visible,.gh-link-button:focus-visible,.gh-tab:focus-visible,.gh-input:focus-visible{
outline:2px solid var(--gh-color-primary);outline-offset:2px}
.gh-button-primary{color:var(--gh-button-primary-text-color);background:var(--gh-button-primary-background-color);
border-color:var(--gh-button-primary-border-color);border-radius:var(--gh-button-primary-border-radius)}
.gh-button-secondary{color:var(--gh-button-secondary-text-color);
background:var(--gh-button-secondary-background-color);border-color:var(--gh-button-secondary-border-color);
border-radius:var(--gh-button-secondary-border-radius)}
.gh-link-button{padding:0;font:inherit;font-weight:600;color:var(--gh-color-primary);background:none;border:0;
text-decoration:underline;cursor:pointer}
.gh-link-button[disabled],.gh-link-button[aria-disabled=true]{cursor:default;opacity:.6}
.gh-spinner{width:16px;height:16px;border:2px solid currentColor;border-inline-end-color:transparent;border-radius:50%;
animation:gh-spin 1s linear infinite}
@keyframes gh-spin{to{transform:rotate(360deg)}}
.gh-divider{display:flex;align-items:center;gap:12px;color:var(--gh-color-secondary);font-size:14px}
.gh-divider::before,.gh-divider::after{content:"";flex:1;border-top:1px solid var(--gh-container-border-color)}
.gh-section-placeholder{min-height:var(--gh-button-height)}
.gh-tabs{display:flex;gap:4px;border-bottom:1px solid var(--gh-container-border-color)}
.gh-tab{flex:1;padding:8px;font:inherit;color:var(--gh-color-secondary);background:none;border:0;
border-bottom:2px solid transparent;cursor:pointer}
.gh-tab[aria-selected=true]{color:var(--gh-color-primary);border-bottom-color:var(--gh-color-primary);font-weight:600}
.gh-field-error a{color:inherit}
.gh-watermark{margin:24px 0 0;text-align:center;font-size:12px;color:var(--gh-color-secondary)}
.gh-section:empty{display:none}
.gh-button-stack{display:flex;flex-direction:column;gap:8px}
@media (prefers-reduced-motion:reduce){.gh-spinner{animation:none}}
/* Issue 22 f9: 320px */
@media (max-width:400px){.gh-widget{padding:32px 16px 16px}.gh-button{padding:0 12px}}
.gh-widget{display:flex;flex-direction:column}.gh-watermark{order:1}
`;

/** Adds the widget stylesheet to the document head, or to the shadow root the widget renders in, once. */
export function ensureStyles(node: Node): void {
  const root = node.getRootNode();
  // Not `instanceof ShadowRoot`: a widget rendered into another frame's document (the console's Branding preview
  // portals it into an iframe) has a shadow root from that frame's realm, which the page's ShadowRoot does not know.
  const shadow = root.nodeType === 11 && 'host' in root ? (root as ShadowRoot) : null;
  const ownerDocument = node.ownerDocument ?? document;
  const container: ParentNode = shadow ?? ownerDocument.head;
  if (container.querySelector(`style[${STYLE_ELEMENT_ATTRIBUTE}]`) !== null) return;
  const style = ownerDocument.createElement('style');
  style.setAttribute(STYLE_ELEMENT_ATTRIBUTE, '');
  style.textContent = WIDGET_CSS;
  if (shadow !== null) shadow.insertBefore(style, shadow.firstChild);
  else ownerDocument.head.appendChild(style);
}
