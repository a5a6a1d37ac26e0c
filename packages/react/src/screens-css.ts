// Rules only the screens after Main use: the back arrow, the resend line, the inbox links and the verifying
// progress bar. Issue 23 item 4: they load with those screens, not in the stylesheet every first load carries
// (widget-css.ts). BackButton renders them (<ScreenStyles>), and EmailConfirmation, the one such screen without a
// back arrow; every screen that uses these classes shows one of the two, so none paints unstyled.
export const SCREENS_CSS = `
.gh-inbox-links{display:flex;flex-direction:column;gap:8px}
.gh-inbox-links .gh-button{color:var(--gh-button-secondary-text-color)}
.gh-resend{display:flex;flex-wrap:wrap;gap:4px 12px;align-items:center;color:var(--gh-color-secondary);font-size:14px}
.gh-back-button{align-self:flex-start;display:flex;padding:4px;margin-block:-8px;margin-inline:-4px 0;color:var(--gh-color-primary);
background:none;border:0;border-radius:4px;cursor:pointer}
.gh-widget[dir=rtl] .gh-back-button svg{transform:scaleX(-1)}
.gh-back-button:focus-visible{outline:2px solid var(--gh-color-primary);outline-offset:2px}
.gh-verifying{display:flex;flex-direction:column;gap:8px}
.gh-progress{height:4px;overflow:hidden;background:var(--gh-container-border-color);border-radius:2px}
.gh-progress-bar{height:100%;width:100%;background:var(--gh-color-primary);transform-origin:left;
animation:gh-progress var(--gh-progress-duration,10s) linear forwards}
.gh-widget[dir=rtl] .gh-progress-bar{transform-origin:right}
@keyframes gh-progress{from{transform:scaleX(0)}to{transform:scaleX(1)}}
@media (prefers-reduced-motion:reduce){.gh-progress-bar{animation:none}}
`;
