// SPEC §2 Main: "A banner area shows the current error message (variants error, warning, success)". The region
// is always rendered so assistive technology announces what appears in it (aria-live). What it shows (the message
// with its links, its rules: ./banner-message.tsx) comes with the error chunk (./error-chunk.ts), which a screen
// starts loading with the call whose failure it may show, or carries already (a screen that imports the error
// texts), so it is on the page by the time a banner is dispatched; otherwise the region loads it then. Without it
// (it could not be loaded, or did not arrive in time) the message shows as plain text, never not at all.
import { useEffect, useState } from 'react';
import { loadErrorChunk, loadedErrorChunk } from './error-chunk';
import { useWidget } from './widget-context';
import type { Banner } from './widget-state';

export function BannerRegion() {
  const { state, strings, dispatch } = useWidget();
  const banner = state.banner;
  const chunk = loadedErrorChunk();
  // The banner the chunk could not be had for (a later one asks again).
  const [failedFor, setFailedFor] = useState<Banner | null>(null);
  const [, setArrived] = useState(false);
  const failed = banner !== null && failedFor === banner;
  const waiting = banner !== null && chunk === null && !failed;
  useEffect(() => {
    if (!waiting) return;
    let current = true;
    loadErrorChunk().then((module) => {
      if (!current) return;
      if (module === null) setFailedFor(banner);
      else setArrived(true);
    });
    return () => {
      current = false;
    };
  }, [waiting, banner]);
  return (
    <>
      {banner !== null && chunk !== null ? <chunk.BannerStyles /> : null}
      <div className="gh-banner-region" role="status" aria-live="polite" aria-atomic="true">
        {banner === null ? null : chunk !== null ? (
          <chunk.BannerMessage
            banner={banner}
            helpLinkText={strings.errorHelpLink}
            dismissLabel={strings.dismiss}
            onDismiss={() => dispatch({ type: 'dismiss-banner' })}
          />
        ) : failed ? (
          <p className="gh-banner" data-variant={banner.variant}>
            {banner.error.message}
          </p>
        ) : null}
      </div>
    </>
  );
}
