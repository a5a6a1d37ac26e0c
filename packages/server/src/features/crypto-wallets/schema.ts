// Request bodies of the wallet routes (SPEC §7, wire-format.md §4.7). Extra keys are tolerated (the SDKs add
// captcha/dfp fields); types are strict and sizes bounded (security-tests.md IV-01, IV-02). The type and address
// are checked by the service, so a wrong value answers its documented error type (invalid_crypto_wallet_type,
// invalid_crypto_wallet_address) rather than a schema error; a wrong JSON type is a 400 schema error.
import { type Static, Type } from 'typebox';
import { CaptchaFields, SessionDurationField } from '../../infra/body-fields';

/** 'ethereum' or 'solana', checked by the service. */
const WalletType = Type.String({ maxLength: 32 });
/** Ethereum addresses are 42 characters, Solana's 32–44. */
const WalletAddressField = Type.String({ maxLength: 128 });
/** 0x-hex (65 bytes for an EOA; contract wallets' EIP-1271 signatures may be longer) or base58 (64 bytes). */
const Signature = Type.String({ minLength: 1, maxLength: 8192 });
/**
 * Gatehouse's one extension of the authenticate body (wire-format.md §4.7 has no such field; issue 20 item 2,
 * security-tests.md AT-07): `challenge`, the exact message text the start answered and the wallet signed. Our SDK
 * sends it (packages/sdk crypto-wallets-module.ts), so the signature is checked against that one challenge, named by
 * its nonce; the published Stytch clients never send it and are matched by client address (challenges.ts). Our
 * messages are about 420 characters; a longer text cannot be one of them.
 */
const ChallengeField = Type.Optional(Type.String({ minLength: 1, maxLength: 2048 }));

export const AuthenticateStartBody = Type.Object({
  crypto_wallet_address: WalletAddressField,
  crypto_wallet_type: WalletType,
  ...CaptchaFields,
});
export type AuthenticateStartBody = Static<typeof AuthenticateStartBody>;

export const AuthenticateBody = Type.Object({
  crypto_wallet_address: WalletAddressField,
  crypto_wallet_type: WalletType,
  signature: Signature,
  session_duration_minutes: SessionDurationField,
  challenge: ChallengeField,
  ...CaptchaFields,
});
export type AuthenticateBody = Static<typeof AuthenticateBody>;
