// SPEC §2 Main: "A banner area shows the current error message (variants error, warning, success)". The region
// is always rendered so assistive technology announces what appears in it (aria-live).
import { ErrorText } from './error-text';
import { useWidget } from './widget-context';

export function BannerRegion() {
  const { state, strings, dispatch } = useWidget();
  const banner = state.banner;
  return (
    <div className="gh-banner-region" role="status" aria-live="polite" aria-atomic="true">
      {banner !== null ? (
        <div className={`gh-banner gh-banner-${banner.variant}`} data-variant={banner.variant}>
          <p>
            <ErrorText error={banner.error} helpLinkText={strings.errorHelpLink} />
          </p>
          <button
            type="button"
            className="gh-banner-dismiss"
            aria-label={strings.dismiss}
            onClick={() => dispatch({ type: 'dismiss-banner' })}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
