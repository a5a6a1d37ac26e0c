// SPEC §2 Main: "configuration errors replace the form". Their texts are shown only to a developer whose config is
// wrong, so they load with this component rather than with every page's first load (issue 23 item 4, issue 27: the
// English first load does not grow); overridden through `strings` like every other key.
import { useMemo } from 'react';
import type { ConfigurationErrorKind } from '../config';
import { ScreenStyles } from '../screen-styles';
import { resolveStringTable } from '../strings';
import { useWidget } from '../widget-context';

export const CONFIG_ERROR_STRINGS = {
  configErrorPasskeysOnly: 'Error: Cannot use Passkeys by itself, please add another product to the config.',
  configErrorEmlAndEmailOtp: 'Error: Cannot use both EML and Email OTP',
  configErrorResetPasswordWithoutPasswords:
    'Error: Cannot use ResetPassword component without the passwords product in the config.',
} as const;

/** Its one rule, rendered with it rather than carried by every first load (widget-css.ts). */
const CONFIG_ERROR_CSS = '.gh-config-error{margin:0;color:var(--gh-color-error);font-weight:600}';

const KEYS: Record<ConfigurationErrorKind, keyof typeof CONFIG_ERROR_STRINGS> = {
  'passkeys-only': 'configErrorPasskeysOnly',
  'eml-and-email-otp': 'configErrorEmlAndEmailOtp',
  'reset-password-without-passwords': 'configErrorResetPasswordWithoutPasswords',
};

export default function ConfigError({ kind }: { kind: ConfigurationErrorKind }) {
  const { stringOverrides } = useWidget();
  const strings = useMemo(() => resolveStringTable(CONFIG_ERROR_STRINGS, stringOverrides), [stringOverrides]);
  return (
    <>
      <ScreenStyles css={CONFIG_ERROR_CSS} />
      <p className="gh-config-error" role="alert">
        {strings[KEYS[kind]]}
      </p>
    </>
  );
}
