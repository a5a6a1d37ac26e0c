// Issue 26 "Branding": "a live preview that renders the real widget in every mode, light and dark, 400 px and 320
// px". The widget components of @gatehouse/react themselves (Login, ResetPassword, PasskeyRegistration) with the
// draft as their `styles`, re-rendered as the draft changes, over a client whose calls go nowhere
// (branding-preview-client.ts). In a shadow root (enableShadowDOM), so the console's own form styles cannot reach
// the widget and what is shown is what a page gets. This module is part of the Branding screen's lazy chunk.
import {
  GatehouseProvider,
  Login,
  type LoginConfig,
  PasskeyRegistration,
  ResetPassword,
  type StyleConfig,
} from '@gatehouse/react';
import { useId, useMemo } from 'react';
import { STRINGS } from '../strings';
import { createPreviewClient } from './branding-preview-client';

export const PREVIEW_MODES = ['login', 'reset-password', 'passkey-registration'] as const;
export type PreviewMode = (typeof PREVIEW_MODES)[number];
export const PREVIEW_SCHEMES = ['light', 'dark'] as const;
export type PreviewScheme = (typeof PREVIEW_SCHEMES)[number];
export const PREVIEW_WIDTHS = ['400', '320'] as const;
export type PreviewWidth = (typeof PREVIEW_WIDTHS)[number];

export interface PreviewSettings {
  mode: PreviewMode;
  scheme: PreviewScheme;
  width: PreviewWidth;
}

/** Each mode's configuration: enough products that the theme's every part (tabs, inputs, both buttons) shows. */
function previewConfig(mode: PreviewMode, scheme: PreviewScheme): LoginConfig {
  const common = { enableShadowDOM: true, colorScheme: scheme } satisfies LoginConfig;
  if (mode === 'reset-password') return { ...common, products: ['passwords', 'emailMagicLinks'] };
  if (mode === 'passkey-registration') return { ...common, products: ['passkeys'] };
  return {
    ...common,
    products: ['oauth', 'emailMagicLinks', 'otp', 'passkeys'],
    oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
    otpOptions: { methods: ['sms'] },
  };
}

function Choice<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<string, string>;
  value: T;
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="segmented">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option} className="segmented-option">
          <input
            type="radio"
            name={name}
            value={option}
            checked={value === option}
            onChange={() => onChange(option)}
          />
          <span>{labels[option]}</span>
        </label>
      ))}
    </fieldset>
  );
}

export function BrandingPreview({
  theme,
  settings,
  onSettingsChange,
  displayWatermark,
}: {
  theme: StyleConfig | null;
  settings: PreviewSettings;
  onSettingsChange: (settings: PreviewSettings) => void;
  displayWatermark: boolean;
}) {
  const ids = useId();
  const client = useMemo(() => createPreviewClient({ displayWatermark }), [displayWatermark]);
  const { mode, scheme, width } = settings;
  const config = useMemo(() => previewConfig(mode, scheme), [mode, scheme]);
  const styles = theme ?? undefined;
  const label = STRINGS.branding.previewLabel(
    STRINGS.branding.modes[mode],
    STRINGS.branding.schemes[scheme],
    STRINGS.branding.widths[width] ?? width,
  );
  return (
    <section className="panel branding-preview" aria-labelledby={`${ids}-heading`}>
      <h2 id={`${ids}-heading`}>{STRINGS.branding.previewHeading}</h2>
      <p className="hint">{STRINGS.branding.previewIntro}</p>
      <div className="branding-preview-controls">
        <Choice
          legend={STRINGS.branding.mode}
          name={`${ids}-mode`}
          options={PREVIEW_MODES}
          labels={STRINGS.branding.modes}
          value={mode}
          onChange={(next) => onSettingsChange({ ...settings, mode: next })}
        />
        <Choice
          legend={STRINGS.branding.scheme}
          name={`${ids}-scheme`}
          options={PREVIEW_SCHEMES}
          labels={STRINGS.branding.schemes}
          value={scheme}
          onChange={(next) => onSettingsChange({ ...settings, scheme: next })}
        />
        <Choice
          legend={STRINGS.branding.width}
          name={`${ids}-width`}
          options={PREVIEW_WIDTHS}
          labels={STRINGS.branding.widths}
          value={width}
          onChange={(next) => onSettingsChange({ ...settings, width: next })}
        />
      </div>
      <section
        className="branding-stage"
        data-scheme={scheme}
        data-testid="branding-preview"
        data-mode={mode}
        aria-label={label}
      >
        <div className="branding-stage-frame" style={{ width: `${width}px` }}>
          <GatehouseProvider client={client}>
            {mode === 'login' ? (
              <Login key={mode} config={config} styles={styles} />
            ) : mode === 'reset-password' ? (
              <ResetPassword key={mode} config={config} styles={styles} passwordResetToken="preview" />
            ) : (
              <PasskeyRegistration key={mode} config={config} styles={styles} />
            )}
          </GatehouseProvider>
        </div>
      </section>
    </section>
  );
}
