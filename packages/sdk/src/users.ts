// wire-format.md §4.2: the `users` module (also exposed as `client.user`, the Stytch name).
import {
  type GetUserResponse,
  ROUTES,
  type User,
  type UserMutationResponse,
  type UserSearchResponse,
} from '@gatehouse/protocol';
import type { HttpClient } from './http';
import type { SessionManager } from './session-manager';
import { validate } from './usage';

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
  onChange(callback: (user: User | null) => void): () => void;
  /**
   * POST /users/search `{ email }` (wire-format.md §4.2; Stytch 4.x calls it searchUser(email) in its UI layer):
   * `userType` is new, password or passwordless (SPEC §4 password flow). Captcha-protected like the sign-in calls.
   */
  search(email: string): Promise<UserSearchResponse>;
}

export function createUsersModule(options: {
  http: HttpClient;
  manager: SessionManager;
  /**
   * users.search: only the password flow asks it, so its code comes with the password calls (client.ts loads
   * ./passwords-module on the first call) instead of with every page.
   */
  search: UsersModule['search'];
}): UsersModule {
  const { http, manager } = options;
  const getSync = () => manager.getState()?.user ?? null;

  // The mutation routes answer `__user` (the updated user, stored) which is stripped from the caller's copy.
  const mutate = async (method: 'PUT' | 'DELETE', path: string, body?: object) => {
    const { __user, ...rest } = await http.request<UserMutationResponse>({
      method,
      path,
      ...(body ? { body } : {}),
    });
    if (__user) manager.updateUser(__user);
    return rest;
  };
  const remover = (method: string, idName: string, route: (id: string) => string) => async (id: string) => {
    validate(`user.${method}`).string(idName, id);
    return mutate('DELETE', route(id));
  };

  return {
    async get() {
      const {
        request_id: _requestId,
        status_code: _statusCode,
        ...user
      } = await http.request<GetUserResponse>({
        method: 'GET',
        path: ROUTES.usersMe,
      });
      manager.updateUser(user);
      return user;
    },
    getSync,
    getInfo: () => ({ user: getSync(), fromCache: manager.isFromCache() }),
    async update(updateOptions) {
      validate('user.update')
        .object('options', updateOptions)
        .optionalObject('name', updateOptions.name)
        .optionalObject('untrusted_metadata', updateOptions.untrusted_metadata);
      return mutate('PUT', ROUTES.usersMe, updateOptions);
    },
    deleteEmail: remover('deleteEmail', 'email_id', ROUTES.userEmail),
    deletePhoneNumber: remover('deletePhoneNumber', 'phone_id', ROUTES.userPhoneNumber),
    deleteTOTP: remover('deleteTOTP', 'totp_id', ROUTES.userTotp),
    deleteOAuthRegistration: remover(
      'deleteOAuthRegistration',
      'oauth_user_registration_id',
      ROUTES.userOAuth,
    ),
    deleteWebauthnRegistration: remover(
      'deleteWebauthnRegistration',
      'webauthn_registration_id',
      ROUTES.userWebAuthnRegistration,
    ),
    deleteBiometricRegistration: remover(
      'deleteBiometricRegistration',
      'biometric_registration_id',
      ROUTES.userBiometricRegistration,
    ),
    onChange: (callback) => manager.subscribe((state) => callback(state?.user ?? null)),
    search: options.search,
  };
}
