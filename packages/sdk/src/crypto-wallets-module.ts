// wire-format.md §4.7 (issue 12 item 2): the calls behind client.cryptoWallets, loaded on the first wallet call
// (client.ts lazyCryptoWallets). Only type imports, like passwords-module.ts: `validate` comes in from the client,
// and the paths are written out rather than read from the protocol's CRYPTO_WALLET_ROUTES (a run-time import of
// @gatehouse/protocol would put it in a chunk shared with the initial bundle); crypto-wallets.test.ts checks they
// equal it.
//
// The Stytch 4.13.1 client (node_modules/@stytch/vanilla-js, HeadlessCryptoWalletClient) sends captcha_token on the
// start and captcha_token + dfp_telemetry_id on authenticate, both from its reCAPTCHA / DFP services. Gatehouse has
// neither up front: its captcha is asked for by the server ('Captcha required') and answered by the HTTP client's
// retry with `captcha_token` (issue 9 item 3), as for every other call, so the bodies carry only the named fields.
import type {
  CryptoWalletAuthenticateResponse,
  CryptoWalletAuthenticateStartResponse,
} from '@gatehouse/protocol';
import type { CryptoWalletsModule } from './crypto-wallets';
import type { HttpClient } from './http';
import type { SessionManager } from './session-manager';
import type { validate as Validate } from './usage';

export const CRYPTO_WALLET_PATHS = {
  authenticateStartPrimary: '/crypto_wallets/authenticate/start/primary',
  authenticateStartSecondary: '/crypto_wallets/authenticate/start/secondary',
  authenticate: '/crypto_wallets/authenticate',
} as const;

export function createCryptoWalletsModule(options: {
  http: HttpClient;
  manager: SessionManager;
  validate: typeof Validate;
}): CryptoWalletsModule {
  const { http, manager, validate } = options;
  return {
    async authenticateStart(startOptions) {
      // SPEC §5: crypto_wallet_address and crypto_wallet_type must be strings.
      validate('cryptoWallets.authenticateStart')
        .object('options', startOptions)
        .string('crypto_wallet_address', startOptions.crypto_wallet_address)
        .string('crypto_wallet_type', startOptions.crypto_wallet_type);
      // SPEC §4: "Calls are primary (no session) or secondary (existing session, adding a factor or credential)."
      const path = manager.getState()?.session
        ? CRYPTO_WALLET_PATHS.authenticateStartSecondary
        : CRYPTO_WALLET_PATHS.authenticateStartPrimary;
      return http.request<CryptoWalletAuthenticateStartResponse>({
        method: 'POST',
        path,
        body: {
          crypto_wallet_address: startOptions.crypto_wallet_address,
          crypto_wallet_type: startOptions.crypto_wallet_type,
        },
      });
    },

    async authenticate(authenticateOptions) {
      // SPEC §5: signature, address and type are strings; session_duration_minutes a number (required, as Stytch's).
      validate('cryptoWallets.authenticate')
        .object('options', authenticateOptions)
        .string('signature', authenticateOptions.signature)
        .string('crypto_wallet_address', authenticateOptions.crypto_wallet_address)
        .string('crypto_wallet_type', authenticateOptions.crypto_wallet_type)
        .number('session_duration_minutes', authenticateOptions.session_duration_minutes)
        .optionalString('challenge', authenticateOptions.challenge);
      // wire-format.md §4.7: the body in Stytch's field order (captcha_token is added by the HTTP client's retry),
      // then Gatehouse's one extension, `challenge`, when the caller passed the message it signed (issue 20 item 2:
      // the server checks the signature against that challenge alone, named by its nonce).
      const { challenge } = authenticateOptions;
      const data = await http.request<CryptoWalletAuthenticateResponse>({
        method: 'POST',
        path: CRYPTO_WALLET_PATHS.authenticate,
        body: {
          session_duration_minutes: authenticateOptions.session_duration_minutes,
          crypto_wallet_address: authenticateOptions.crypto_wallet_address,
          crypto_wallet_type: authenticateOptions.crypto_wallet_type,
          signature: authenticateOptions.signature,
          ...(challenge === undefined ? {} : { challenge }),
        },
      });
      // wire-format.md §4.7: AuthenticateResponse with the user from `__user`.
      return manager.applyAuthentication(data, '__user');
    },
  };
}
