// wire-format.md §4.5: one-time passcodes by SMS, WhatsApp and e-mail (SPEC §7 POST /otps/… rows). This file holds
// the public names; the calls live in ./otps-module, which the client loads on the first passcode call (client.ts
// lazyOtps). Phone parsing (SPEC §7 "Phone parsing runs in the client") lives in ./phone and is NOT imported here,
// so the phone metadata is only bundled by apps that parse numbers (issue 5).
import type { AuthenticateResponse, ROUTES } from '@gatehouse/protocol';

/**
 * Paths relative to /sdk/v1: the protocol's ROUTES.otps, written out (like ./paths) so that bundles which do not
 * use this constant do not carry the whole ROUTES table; the type makes the compiler check the strings.
 */
export const OTP_PATHS: typeof ROUTES.otps = {
  loginOrCreate: (method) => `/otps/${method}/login_or_create`,
  sendPrimary: (method) => `/otps/${method}/send/primary`,
  sendSecondary: (method) => `/otps/${method}/send/secondary`,
  authenticate: '/otps/authenticate',
};

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
