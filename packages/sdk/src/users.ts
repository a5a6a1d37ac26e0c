// wire-format.md §4.2: the `users` module (also exposed as `client.user`, the Stytch name). The readers of the
// stored user live here; the calls (get, update, the six removals) live in ./users-module, which the client loads
// on the first of them (client.ts).
import type { User, UserMutationResponse, UserSearchResponse } from '@gatehouse/protocol';
import { forwarding } from './lazy';
import type { SessionManager } from './session-manager';

export type UserMutationResult = Omit<UserMutationResponse, '__user'>;

export interface UpdateUserOptions {
  name?: { first_name?: string; middle_name?: string; last_name?: string };
  untrusted_metadata?: Record<string, unknown>;
}

export interface UsersModule {
  /** GET /users/me: the user object, stored as the state's user. */
  get(): Promise<User>;
  getSync(): User | null;
  getInfo(): { user: User | null; fromCache: boolean };
  /** PUT /users/me with the options verbatim. */
  update(options: UpdateUserOptions): Promise<UserMutationResult>;
  deleteEmail(emailId: string): Promise<UserMutationResult>;
  deletePhoneNumber(phoneId: string): Promise<UserMutationResult>;
  deleteTOTP(totpId: string): Promise<UserMutationResult>;
  deleteOAuthRegistration(oauthUserRegistrationId: string): Promise<UserMutationResult>;
  deleteWebauthnRegistration(webauthnRegistrationId: string): Promise<UserMutationResult>;
  deleteBiometricRegistration(biometricRegistrationId: string): Promise<UserMutationResult>;
  /** DELETE /users/crypto_wallets/{id} (Stytch's users.deleteCryptoWallet; issue 22). */
  deleteCryptoWallet(cryptoWalletId: string): Promise<UserMutationResult>;
  onChange(callback: (user: User | null) => void): () => void;
  /**
   * POST /users/search `{ email }` (wire-format.md §4.2; Stytch 4.x calls it searchUser(email) in its UI layer):
   * `userType` is new, password or passwordless (SPEC §4 password flow). Captcha-protected like the sign-in calls.
   */
  search(email: string): Promise<UserSearchResponse>;
}

/** The calls of the users module that talk to the server (./users-module), loaded on the first of them. */
export type UserCalls = Omit<UsersModule, 'getSync' | 'getInfo' | 'onChange' | 'search'>;

const USER_CALLS = [
  'get',
  'update',
  'deleteEmail',
  'deletePhoneNumber',
  'deleteTOTP',
  'deleteOAuthRegistration',
  'deleteWebauthnRegistration',
  'deleteBiometricRegistration',
  'deleteCryptoWallet',
] as const satisfies readonly (keyof UserCalls)[];

export function createUsersModule(options: {
  manager: SessionManager;
  /** The server calls' code, loaded once on the first of them (client.ts). */
  calls: () => Promise<UserCalls>;
  /**
   * users.search: only the password flow asks it, so its code comes with the password calls (client.ts loads
   * ./passwords-module on the first call) instead of with every page.
   */
  search: UsersModule['search'];
}): UsersModule {
  const { manager } = options;
  const getSync = () => manager.getState()?.user ?? null;
  return {
    ...(forwarding(options.calls, USER_CALLS) as UserCalls),
    getSync,
    getInfo: () => ({ user: getSync(), fromCache: manager.isFromCache() }),
    onChange: (callback) => manager.subscribe((state) => callback(state?.user ?? null)),
    search: options.search,
  };
}
