// SPEC §2 Main, social buttons: 'Continue with {provider}' for each configured provider, in the configured order,
// each with the provider's logo; a google entry marked one_tap shows Google One Tap instead (./one-tap), falling
// back to this same button. Loaded lazily by the section registry (main/sections.ts), so the logos and One Tap
// code never weigh on pages without social sign-in.
import { ScreenStyles } from '../../screen-styles';
import { useWidget } from '../../widget-context';
import { OAUTH_CSS } from './oauth-css';
import { configuredProviders } from './oauth-options';
import { OneTap } from './one-tap';
import { ProviderButton } from './provider-button';

export default function OAuthSection() {
  const { config } = useWidget();
  return (
    <div className="gh-button-stack gh-oauth">
      <ScreenStyles css={OAUTH_CSS} />
      {configuredProviders(config.oauthOptions).map((entry) =>
        entry.type === 'google' && entry.one_tap === true ? (
          <OneTap key={entry.type} entry={entry} />
        ) : (
          <ProviderButton key={entry.type} entry={entry} />
        ),
      )}
    </div>
  );
}
