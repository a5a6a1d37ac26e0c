// SPEC §2 Main's banner itself: the message (help links clickable, SPEC §5), its variant's colours and the dismiss
// button. A banner shows only after something failed, so this code and its rules are not in every page's first load:
// they ride in the error chunk (./error-strings.ts re-exports them; ./error-chunk.ts loads it), which the widget loads
// when a call starts (banner.tsx draws the region, which is there from the first paint).
import { ErrorText } from './error-text';
import { ScreenStyles } from './screen-styles';
import type { Banner } from './widget-state';

export const BANNER_CSS = `
.gh-banner{display:flex;gap:8px;align-items:flex-start;padding:12px;font-size:14px;border:1px solid;border-radius:4px}
.gh-banner p{margin:0;flex:1}
.gh-banner-error{color:var(--gh-color-error);border-color:var(--gh-color-error)}
.gh-banner-warning{color:var(--gh-color-primary);border-color:var(--gh-color-secondary)}
.gh-banner-success{color:var(--gh-color-success);border-color:var(--gh-color-success)}
.gh-banner a{color:inherit}
.gh-banner-dismiss{padding:0 4px;font:inherit;color:inherit;background:none;border:0;cursor:pointer}
`;

export interface BannerMessageProps {
  banner: Banner;
  helpLinkText: string;
  dismissLabel: string;
  onDismiss: () => void;
}

export function BannerMessage({ banner, helpLinkText, dismissLabel, onDismiss }: BannerMessageProps) {
  return (
    <div className={`gh-banner gh-banner-${banner.variant}`} data-variant={banner.variant}>
      <p>
        <ErrorText error={banner.error} helpLinkText={helpLinkText} />
      </p>
      <button type="button" className="gh-banner-dismiss" aria-label={dismissLabel} onClick={onDismiss}>
        ×
      </button>
    </div>
  );
}

/** The banner's rules, rendered beside the live region rather than inside it. */
export function BannerStyles() {
  return <ScreenStyles css={BANNER_CSS} />;
}
