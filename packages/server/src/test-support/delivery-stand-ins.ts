// The two delivery providers of the tests that send for real (DESIGN.md "Real parts"): the SMTP server on loopback
// and the SMS provider's stand-in, with the app configuration that points at both. Shared by the message log,
// security notices and localized messages tests, which each add their own sender address or proxy settings.
import type { AppConfig } from '../infra/context';
import { type SmsStandIn, startSmsStandIn } from './sms-stand-in';
import { type SmtpSink, startSmtpSink } from './smtp-sink';

/** The provider account the stand-in is configured with (it accepts any). */
export const STAND_IN_SMS_ACCOUNT = {
  accountSid: 'AC0123456789abcdef',
  authToken: 'provider-auth-token',
  from: '+15005550006',
} as const;

export interface DeliveryStandIns {
  smtp: SmtpSink;
  sms: SmsStandIn;
  /** For createTestApp: e-mail through the SMTP server, texts through the stand-in (no WhatsApp sender). */
  config: Pick<AppConfig, 'smtpUrl' | 'sms'>;
  /** Forgets what arrived and accepts again (between cases). */
  clear(): void;
  close(): Promise<void>;
}

export async function startDeliveryStandIns(): Promise<DeliveryStandIns> {
  const smtp = await startSmtpSink();
  const sms = await startSmsStandIn();
  return {
    smtp,
    sms,
    config: {
      smtpUrl: smtp.url,
      sms: { ...STAND_IN_SMS_ACCOUNT, whatsappFrom: null, apiBaseUrl: sms.url },
    },
    clear() {
      smtp.received.length = 0;
      sms.texts.length = 0;
      sms.accept();
    },
    close: async () => {
      await sms.close();
      await smtp.close();
    },
  };
}
