// Issue 26 "Branding": "a live preview that renders the real widget in every mode, light and dark, 400 px and 320
// px". The widget components of @gatehouse/react themselves (Login, ResetPassword, PasskeyRegistration) with the
// draft as their `styles`, re-rendered as the draft changes, over a client whose calls go nowhere
// (branding-preview-client.ts). In a shadow root (enableShadowDOM), so the console's own form styles cannot reach
// the widget, and inside an iframe of the chosen width, so the widget's own media queries (its narrow padding below
// 401 px, its scheme) read that width as a page of that width would: what is shown is what a page gets. The iframe
// is same-origin (no src), and React renders into its body through a portal, so the preview stays one React tree
// with the console's state. This module is part of the Branding screen's lazy chunk.
import {
  GatehouseProvider,
  Login,
  type LoginConfig,
  PasskeyRegistration,
  ResetPassword,
  type StyleConfig,
} from '@gatehouse/react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
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
        <PreviewFrame width={Number(width)} scheme={scheme} title={label}>
          <GatehouseProvider client={client}>
            {mode === 'login' ? (
              <Login key={mode} config={config} styles={styles} />
            ) : mode === 'reset-password' ? (
              <ResetPassword key={mode} config={config} styles={styles} passwordResetToken="preview" />
            ) : (
              <PasskeyRegistration key={mode} config={config} styles={styles} />
            )}
          </GatehouseProvider>
        </PreviewFrame>
      </section>
    </section>
  );
}

/** The page behind the widget: white in light, the web app's dark background in dark (as .branding-stage). */
const FRAME_BACKGROUND: Record<PreviewScheme, string> = { light: '#ffffff', dark: '#0e171d' };

/**
 * An iframe `width` pixels wide whose body React renders `children` into, as tall as its content (a ResizeObserver
 * follows the widget as it changes screens). Until the frame's document exists nothing is rendered.
 */
function PreviewFrame({
  width,
  scheme,
  title,
  children,
}: {
  width: number;
  scheme: PreviewScheme;
  title: string;
  children: ReactNode;
}) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [height, setHeight] = useState(480);

  useEffect(() => {
    const element = frame.current;
    let observer: ResizeObserver | null = null;
    // A frame without src holds an empty same-origin document at once; 'load' covers a browser that swaps it.
    const adopt = () => {
      const document = element?.contentDocument;
      if (!document?.body) return;
      observer?.disconnect();
      document.documentElement.lang = window.document.documentElement.lang || 'en';
      document.body.style.margin = '0';
      setBody(document.body);
      observer = new ResizeObserver(() => setHeight(Math.max(120, Math.ceil(document.body.scrollHeight))));
      observer.observe(document.body);
    };
    adopt();
    element?.addEventListener('load', adopt);
    return () => {
      element?.removeEventListener('load', adopt);
      observer?.disconnect();
    };
  }, []);

  useEffect(() => {
    const root = body?.ownerDocument.documentElement;
    if (!root) return;
    root.style.colorScheme = scheme;
    root.style.background = FRAME_BACKGROUND[scheme];
  }, [body, scheme]);

  return (
    <>
      <iframe
        ref={frame}
        className="branding-stage-frame"
        title={title}
        data-testid="branding-preview-frame"
        style={{ width: `${width}px`, height: `${height}px` }}
      />
      {body === null ? null : createPortal(children, body)}
    </>
  );
}
