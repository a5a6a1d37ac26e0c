// wire-format.md §4.8 and SPEC §7: TOTP and recovery codes, with the Stytch 4.x method names and option shapes
// (issue 13 item 1). This file holds the public names only; the calls live in ./totps-module, loaded on the first
// TOTP call (client.ts lazyTotps), so pages without an authenticator app neither download nor evaluate it.
import type { AuthenticateResponse, ResponseCommon, User } from '@gatehouse/protocol';

export interface TotpCreateOptions {
  /** Minutes the new app has to be confirmed with a code (SPEC §5: a number; the server allows 5..1440). */
  expiration_minutes: number;
}

export interface TotpAuthenticateOptions {
  totp_code: string;
  session_duration_minutes: number;
}

export interface TotpRecoverOptions {
  recovery_code: string;
  session_duration_minutes: number;
}

export interface TotpCreateResponse extends ResponseCommon {
  totp_id: string;
  secret: string;
  /** The `otpauth://totp/…` URI (a Gatehouse addition to Stytch's answer). */
  otpauth_uri?: string;
  /** The otpauth URI as an SVG data URL, for an <img src>. */
  qr_code: string;
  /** Shown once: the server keeps only their hashes. */
  recovery_codes: string[];
  user_id: string;
  __user?: User;
}

export interface TotpRecoveryCodesResponse extends ResponseCommon {
  user_id: string;
  totps: {
    totp_id: string;
    verified: boolean;
    recovery_codes: string[];
    recovery_codes_remaining?: number;
  }[];
}

export type TotpAuthenticateResult = Omit<AuthenticateResponse, '__user'> & { totp_id: string };

export interface TotpsModule {
  create(options: TotpCreateOptions): Promise<TotpCreateResponse>;
  authenticate(options: TotpAuthenticateOptions): Promise<TotpAuthenticateResult>;
  recoveryCodes(): Promise<TotpRecoveryCodesResponse>;
  recover(options: TotpRecoverOptions): Promise<TotpAuthenticateResult>;
}

export const TOTP_METHODS = [
  'create',
  'authenticate',
  'recoveryCodes',
  'recover',
] as const satisfies readonly (keyof TotpsModule)[];
