// wire-format.md §4.5: one-time passcodes by SMS, WhatsApp and e-mail (SPEC §7 POST /otps/… rows). Phone parsing
// (SPEC §7 "Phone parsing runs in the client") lives in ./phone and is NOT imported here, so the phone metadata
// is only bundled by apps that parse numbers (issue 5).
import { type AuthenticateResponse, type OtpMethod, ROUTES } from '@gatehouse/protocol';
import type { HttpClient } from './http';
import type { SessionManager } from './session-manager';
import { validate } from './usage';

/** Paths relative to /sdk/v1 (the protocol ROUTES table has no passcode entries yet). */
export const OTP_PATHS = ROUTES.otps;

export interface OtpSendOptions {
  /** Lifetime of the code in minutes (server default 5, SPEC §9; the server accepts 1..10). */
  expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
}

/** `data` of a send: method_id (phone_id or email_id) is what authenticate needs; other fields pass through. */
export interface OtpSendResponse {
  request_id: string;
  status_code: number;
  method_id: string;
  user_id?: string;
  user_created?: boolean;
  phone_id?: string;
  email_id?: string;
  [field: string]: unknown;
}

export type OtpAuthenticateResponse = Omit<AuthenticateResponse, '__user'> & { method_id: string };

export interface OtpChannelModule {
  /** POST /otps/{channel}/login_or_create. */
  loginOrCreate(destination: string, options?: OtpSendOptions): Promise<OtpSendResponse>;
  /** POST /otps/{channel}/send/secondary when a session is held, else /send/primary. */
  send(destination: string, options?: OtpSendOptions): Promise<OtpSendResponse>;
}

export interface OtpsModule {
  sms: OtpChannelModule;
  whatsapp: OtpChannelModule;
  email: OtpChannelModule;
  /** POST /otps/authenticate; writes the session (user taken from `data.user`, wire-format.md §4.1). */
  authenticate(
    code: string,
    methodId: string,
    options: { session_duration_minutes: number },
  ): Promise<OtpAuthenticateResponse>;
}

const DESTINATION_FIELD: Record<OtpMethod, 'phone_number' | 'email'> = {
  sms: 'phone_number',
  whatsapp: 'phone_number',
  email: 'email',
};

export function createOtpsModule(options: { http: HttpClient; manager: SessionManager }): OtpsModule {
  const { http, manager } = options;

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
        send('loginOrCreate', () => OTP_PATHS.loginOrCreate(method), destination, sendOptions),
      send: (destination, sendOptions) =>
        send(
          'send',
          // SPEC §4: "Calls are primary (no session) or secondary (existing session, adding a factor ...)".
          () =>
            manager.getState()?.session ? OTP_PATHS.sendSecondary(method) : OTP_PATHS.sendPrimary(method),
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
        path: OTP_PATHS.authenticate,
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
