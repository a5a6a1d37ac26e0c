// wire-format.md §4.8: the TOTP calls behind client.totps, loaded on the first TOTP call (client.ts lazyTotps). Only
// type imports from the SDK's own files (`validate` comes in from the client), so this chunk shares nothing with
// the initial bundle; the paths are written out for the same reason (totps.test.ts checks them against ROUTES).
import type { AuthenticateResponse } from '@gatehouse/protocol';
import type { HttpClient } from './http';
import type { SessionManager } from './session-manager';
import type { TotpCreateResponse, TotpRecoveryCodesResponse, TotpsModule } from './totps';
import type { validate as Validate } from './usage';

export const TOTP_PATHS = {
  create: '/totps',
  authenticate: '/totps/authenticate',
  recoveryCodes: '/totps/recovery_codes',
  recover: '/totps/recover',
} as const;

export function createTotpsModule(options: {
  http: HttpClient;
  manager: SessionManager;
  validate: typeof Validate;
}): TotpsModule {
  const { http, manager, validate } = options;
  return {
    async create(createOptions) {
      validate('totps.create')
        .object('options', createOptions)
        .number('expiration_minutes', createOptions.expiration_minutes);
      const data = await http.request<TotpCreateResponse>({
        method: 'POST',
        path: TOTP_PATHS.create,
        body: { expiration_minutes: createOptions.expiration_minutes },
      });
      // wire-format.md §4.8: the user in `__user` is stored as it is (the new, unconfirmed app is in its totps).
      if (data.__user) manager.updateUser(data.__user);
      return data;
    },
    async authenticate(authenticateOptions) {
      validate('totps.authenticate')
        .object('options', authenticateOptions)
        .string('totp_code', authenticateOptions.totp_code)
        .number('session_duration_minutes', authenticateOptions.session_duration_minutes);
      const data = await http.request<AuthenticateResponse & { totp_id: string }>({
        method: 'POST',
        path: TOTP_PATHS.authenticate,
        body: {
          totp_code: authenticateOptions.totp_code,
          session_duration_minutes: authenticateOptions.session_duration_minutes,
        },
      });
      return manager.applyAuthentication(data, '__user');
    },
    // wire-format.md §2: POST without a body; the answer is handed back untouched.
    recoveryCodes: () =>
      http.request<TotpRecoveryCodesResponse>({ method: 'POST', path: TOTP_PATHS.recoveryCodes }),
    async recover(recoverOptions) {
      validate('totps.recover')
        .object('options', recoverOptions)
        .string('recovery_code', recoverOptions.recovery_code)
        .number('session_duration_minutes', recoverOptions.session_duration_minutes);
      const data = await http.request<AuthenticateResponse & { totp_id: string }>({
        method: 'POST',
        path: TOTP_PATHS.recover,
        body: {
          recovery_code: recoverOptions.recovery_code,
          session_duration_minutes: recoverOptions.session_duration_minutes,
        },
      });
      return manager.applyAuthentication(data, '__user');
    },
  };
}
