// wire-format.md §4.5: the passcode calls behind client.otps, loaded on the first passcode call (client.ts
// lazyOtps), so pages that only send login links neither download nor evaluate them (issue 21: the headless SDK
// ≤ 8 KiB gzip). Only type imports from the SDK's own files (`validate` comes in from the client), so this chunk
// shares nothing with the initial bundle; the paths are written out for the same reason (otps.test.ts checks
// them against the protocol's ROUTES.otps).
import type { AuthenticateResponse, OtpMethod, ROUTES } from '@gatehouse/protocol';
import type { HttpClient } from './http';
import type { OtpChannelModule, OtpSendOptions, OtpSendResponse, OtpsModule } from './otps';
import type { SessionManager } from './session-manager';
import type { validate as Validate } from './usage';

/** Paths relative to /sdk/v1 (ROUTES.otps, written out: see the header). */
export const OTP_MODULE_PATHS: typeof ROUTES.otps = {
  loginOrCreate: (method) => `/otps/${method}/login_or_create`,
  sendPrimary: (method) => `/otps/${method}/send/primary`,
  sendSecondary: (method) => `/otps/${method}/send/secondary`,
  authenticate: '/otps/authenticate',
};

const DESTINATION_FIELD: Record<OtpMethod, 'phone_number' | 'email'> = {
  sms: 'phone_number',
  whatsapp: 'phone_number',
  email: 'email',
};

export function createOtpsModule(options: {
  http: HttpClient;
  manager: SessionManager;
  validate: typeof Validate;
}): OtpsModule {
  const { http, manager, validate } = options;
  const paths = OTP_MODULE_PATHS;

  const channel = (method: OtpMethod): OtpChannelModule => {
    const field = DESTINATION_FIELD[method];
    const send = async (
      name: 'loginOrCreate' | 'send',
      path: () => string,
      destination: string,
      sendOptions: OtpSendOptions = {},
    ) => {
      // SPEC §5 client-side call checks: a type mismatch is a UsageError before any request.
      validate(`otps.${method}.${name}`)
        .string(field, destination)
        .object('options', sendOptions)
        .optionalNumber('expiration_minutes', sendOptions.expiration_minutes)
        .optionalString('login_template_id', sendOptions.login_template_id)
        .optionalString('signup_template_id', sendOptions.signup_template_id)
        .optionalString('locale', sendOptions.locale);
      // wire-format.md §4.5: caller options are spread into the body beside the destination.
      return http.request<OtpSendResponse>({
        method: 'POST',
        path: path(),
        body: { ...sendOptions, [field]: destination },
      });
    };
    return {
      loginOrCreate: (destination, sendOptions) =>
        send('loginOrCreate', () => paths.loginOrCreate(method), destination, sendOptions),
      send: (destination, sendOptions) =>
        send(
          'send',
          // SPEC §4: "Calls are primary (no session) or secondary (existing session, adding a factor ...)".
          () => (manager.getState()?.session ? paths.sendSecondary(method) : paths.sendPrimary(method)),
          destination,
          sendOptions,
        ),
    };
  };

  return {
    sms: channel('sms'),
    whatsapp: channel('whatsapp'),
    email: channel('email'),
    async authenticate(code, methodId, authenticateOptions) {
      validate('otps.authenticate')
        .string('code', code)
        .string('method_id', methodId)
        .object('options', authenticateOptions)
        .number('session_duration_minutes', authenticateOptions?.session_duration_minutes);
      const data = await http.request<AuthenticateResponse & { method_id: string }>({
        method: 'POST',
        path: paths.authenticate,
        body: {
          token: code,
          method_id: methodId,
          session_duration_minutes: authenticateOptions.session_duration_minutes,
        },
      });
      return manager.applyAuthentication(data, 'user');
    },
  };
}
