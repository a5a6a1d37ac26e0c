// SPEC §2 Main: "A banner area shows the current error message (variants error, warning, success)". The region
// is always rendered so assistive technology announces what appears in it (aria-live). What it shows (the message
// with its links, its rules: ./banner-message.tsx) comes with the error texts' chunk (./error-strings.ts), which a
// screen starts loading with the call whose failure it may show (errors.ts loadErrorStrings), or carries already
// (a screen that imports the texts): by the time a banner is dispatched its code is on the page, and the region
// draws it a moment later, never a text without it. Should that chunk fail to load, the message shows as plain text.
import { useEffect, useState } from 'react';
import { useWidget } from './widget-context';

type BannerModule = Pick<typeof import('./error-strings'), 'BannerMessage' | 'BannerStyles'>;

let bannerModule: BannerModule | null = null;

/**
 * Starts loading the banner's code (in the error texts' chunk). A screen whose call may fail with a banner calls it
 * when the call starts, unless it loads the error texts then (errors.ts loadErrorStrings: the same chunk).
 */
export function loadBannerModule(): Promise<BannerModule | null> {
  return import('./error-strings').then(
    (module) => {
      bannerModule = module;
      return module;
    },
    () => null,
  );
}

export function BannerRegion() {
  const { state, strings, dispatch } = useWidget();
  const banner = state.banner;
  const [loaded, setLoaded] = useState<'yes' | 'failed' | null>(null);
  const shown = banner !== null && bannerModule === null && loaded === null;
  useEffect(() => {
    if (!shown) return;
    let current = true;
    loadBannerModule().then((module) => {
      if (current) setLoaded(module === null ? 'failed' : 'yes');
    });
    return () => {
      current = false;
    };
  }, [shown]);
  const dismiss = () => dispatch({ type: 'dismiss-banner' });
  return (
    <>
      {banner !== null && bannerModule !== null ? <bannerModule.BannerStyles /> : null}
      <div className="gh-banner-region" role="status" aria-live="polite" aria-atomic="true">
        {banner === null ? null : bannerModule !== null ? (
          <bannerModule.BannerMessage
            banner={banner}
            helpLinkText={strings.errorHelpLink}
            dismissLabel={strings.dismiss}
            onDismiss={dismiss}
          />
        ) : loaded === 'failed' ? (
          <p className="gh-banner" data-variant={banner.variant}>
            {banner.error.message}
          </p>
        ) : null}
      </div>
    </>
  );
}
