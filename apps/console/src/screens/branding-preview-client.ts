// Issue 26 "Branding": the preview's widget client — the real widget, given a client whose calls go nowhere. It
// paints from what it is given (issue 23 "paint before the network": bootstrap's synchronous value, no fetch), and
// every action (send a link, a passcode, a passkey, OAuth) is refused at once with the preview's own message, so
// no operator can sign anyone in, or send anyone a message, from the Branding screen.
import type { WidgetClient } from '@gatehouse/react';
import { DEFAULT_BOOTSTRAP } from '@gatehouse/sdk';
import { STRINGS } from '../strings';

type BootstrapData = ReturnType<WidgetClient['bootstrap']['getSync']>;
type User = NonNullable<ReturnType<WidgetClient['user']['getSync']>>;

/** The error every action of the preview ends with (the widget shows its message). */
export class PreviewOnlyError extends Error {
  constructor() {
    super(STRINGS.branding.previewSendsNothing);
    this.name = 'PreviewOnlyError';
  }
}

const nowhere = (): Promise<never> => Promise.reject(new PreviewOnlyError());

/** A signed-in user for the passkey registration mode, holding one passkey so its list is shown too. */
export const PREVIEW_USER = {
  user_id: 'user-preview',
  created_at: '2026-01-01T00:00:00Z',
  status: 'active',
  name: { first_name: 'Ada', middle_name: '', last_name: 'Lovelace' },
  emails: [{ email_id: 'email-preview', email: 'ada@example.com', verified: true }],
  phone_numbers: [],
  providers: [],
  webauthn_registrations: [
    {
      webauthn_registration_id: 'webauthn-registration-preview',
      domain: 'example.com',
      user_agent: '',
      authenticator_type: 'platform',
      verified: true,
      name: 'Laptop',
    },
  ],
  crypto_wallets: [],
  totps: [],
  biometric_registrations: [],
  password: null,
  trusted_metadata: {},
  untrusted_metadata: {},
} as unknown as User;

/**
 * A widget client for the preview. `displayWatermark` is the project's own (its `disable_sdk_watermark`), so the
 * preview has the 'Powered by' line exactly when the sign-in page has it. The theme is not in bootstrap here: the
 * preview passes the draft as `styles`, so it shows the draft alone.
 */
export function createPreviewClient(options: { displayWatermark: boolean }): WidgetClient {
  const bootstrap: BootstrapData = { ...DEFAULT_BOOTSTRAP, displayWatermark: options.displayWatermark };
  const otpChannel = { loginOrCreate: nowhere, send: nowhere };
  const oauth = new Proxy(
    {},
    {
      get: (_target, name) => {
        if (name === 'authenticate') return nowhere;
        if (name === 'googleOneTap') return { start: nowhere, submit: nowhere };
        return { start: nowhere };
      },
    },
  ) as WidgetClient['oauth'];
  return {
    publicToken: 'public-token-preview',
    bootstrap: { get: async () => bootstrap, getSync: () => bootstrap },
    session: { getSync: () => null, onChange: () => () => undefined, revoke: nowhere },
    user: {
      getSync: () => PREVIEW_USER,
      get: async () => PREVIEW_USER,
      onChange: () => () => undefined,
      deleteWebauthnRegistration: nowhere,
      search: nowhere,
    },
    magicLinks: { email: { loginOrCreate: nowhere }, authenticate: nowhere },
    otps: { sms: otpChannel, whatsapp: otpChannel, email: otpChannel, authenticate: nowhere },
    passwords: {
      create: nowhere,
      authenticate: nowhere,
      resetByEmailStart: nowhere,
      resetByEmail: nowhere,
      strengthCheck: nowhere,
    },
    webauthn: {
      register: nowhere,
      authenticate: nowhere,
      // No browser autofill: it would start a real WebAuthn ceremony.
      browserSupportsAutofill: async () => false,
      update: nowhere,
    },
    totps: { authenticate: nowhere },
    oauth,
    cryptoWallets: { authenticateStart: nowhere, authenticate: nowhere },
    telemetry: { logEvent: () => undefined },
  };
}
