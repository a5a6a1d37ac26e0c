// The e-mails the password flow sends (SPEC §4): the reset e-mail (passwordOptions → reset/start), a login link
// ('Login without a password', a passwordless user's automatic send) and an e-mail passcode. Each emits its
// wire-format.md §7.4 event; failures are the caller's to show.
import { useCallback } from 'react';
import { eventData } from '../../callbacks';
import { useWidget } from '../../widget-context';
import type { OtpState } from '../../widget-state';
import { magicLinkOptions } from '../email-magic-links/magic-link-options';
import { methodIdOf, otpSendOptions } from '../otp/otp-options';
import { resetStartOptions } from './password-options';

export function usePasswordSends() {
  const { client, config, strings, emitEvent, locale } = useWidget();

  const sendReset = useCallback(
    async (email: string) => {
      // Issue 27 item 2: every e-mail of these sends is written in the widget's locale.
      const data = await client.passwords.resetByEmailStart({
        ...resetStartOptions(email, config.passwordOptions),
        locale,
      });
      emitEvent('PASSWORD_RESET_BY_EMAIL_START', eventData(data));
    },
    [client, config.passwordOptions, emitEvent, locale],
  );

  const sendLoginLink = useCallback(
    async (email: string) => {
      const data = await client.magicLinks.email.loginOrCreate(email, {
        ...magicLinkOptions(config.emailMagicLinksOptions),
        locale,
      });
      emitEvent('MAGIC_LINK_LOGIN_OR_CREATE', eventData(data));
    },
    [client, config.emailMagicLinksOptions, emitEvent, locale],
  );

  /** Sends an e-mail passcode and answers the OTPAuthenticate state (SPEC §3 otpState). */
  const sendPasscode = useCallback(
    async (email: string): Promise<OtpState> => {
      const options = { ...otpSendOptions('email', config.otpOptions), locale };
      const sentAt = Date.now();
      const data = await client.otps.email.loginOrCreate(email, options);
      emitEvent('OTP_LOGIN_OR_CREATE', eventData(data));
      const methodId = methodIdOf(data);
      if (methodId === null) throw new Error(strings.genericError);
      return {
        method: 'email',
        destination: email,
        displayDestination: email,
        methodId,
        expiresAt: sentAt + options.expiration_minutes * 60_000,
      };
    },
    [client, config.otpOptions, strings.genericError, emitEvent, locale],
  );

  return { sendReset, sendLoginLink, sendPasscode };
}
