// Issue 27 item 1: English whole, every table merged (strings.ts and the lazily loaded ones), for the tests; the
// widget never loads this file, each screen loads its own part (./keys.ts lists the names for the widget).
import { ERROR_STRINGS } from '../error-strings';
import { CONFIG_ERROR_STRINGS } from '../main/config-error';
import { CRYPTO_STRINGS } from '../methods/crypto/crypto-strings';
import { EMAIL_CONFIRMATION_STRINGS } from '../methods/email-magic-links/email-confirmation-strings';
import { OAUTH_STRINGS } from '../methods/oauth/oauth-strings';
import { OTP_STRINGS } from '../methods/otp/otp-strings';
import { PASSKEY_REGISTRATION_STRINGS } from '../methods/passkeys/passkey-registration-strings';
import { PASSKEY_STRINGS } from '../methods/passkeys/passkey-strings';
import { PASSWORD_STRINGS } from '../methods/passwords/password-strings';
import { REAUTHENTICATION_STRINGS } from '../reauthentication/reauthentication-strings';
import { DEFAULT_STRINGS } from '../strings';
import type { LocaleTable } from './table';

export const en: LocaleTable = {
  ...DEFAULT_STRINGS,
  ...ERROR_STRINGS,
  ...CONFIG_ERROR_STRINGS,
  ...CRYPTO_STRINGS,
  ...EMAIL_CONFIRMATION_STRINGS,
  ...OAUTH_STRINGS,
  ...OTP_STRINGS,
  ...PASSKEY_REGISTRATION_STRINGS,
  ...PASSKEY_STRINGS,
  ...PASSWORD_STRINGS,
  ...REAUTHENTICATION_STRINGS,
};
