// wire-format.md §4.2: the signed-in user calls behind client.users (get, update and the six removals), loaded on
// the first of them (client.ts), so pages that only read the stored user (getSync, onChange) neither download nor
// evaluate them (issue 21: the headless SDK ≤ 8 KiB gzip). Only type imports from the SDK's own files (`validate`
// comes in from the client), so this chunk shares nothing with the initial bundle; the paths are written out for
// the same reason (users.test.ts checks them against the protocol's ROUTES).
import type { GetUserResponse, UserMutationResponse } from '@gatehouse/protocol';
import type { HttpClient } from './http';
import type { SessionManager } from './session-manager';
import type { validate as Validate } from './usage';
import type { UserCalls } from './users';

/** Paths relative to /sdk/v1 (ROUTES.usersMe and the ROUTES.user… removals, written out). */
export const USER_PATHS = {
  usersMe: '/users/me',
  userEmail: (id: string) => `/users/emails/${encodeURIComponent(id)}`,
  userPhoneNumber: (id: string) => `/users/phone_numbers/${encodeURIComponent(id)}`,
  userTotp: (id: string) => `/users/totps/${encodeURIComponent(id)}`,
  userOAuth: (id: string) => `/users/oauth/${encodeURIComponent(id)}`,
  userWebAuthnRegistration: (id: string) => `/users/webauthn_registrations/${encodeURIComponent(id)}`,
  userBiometricRegistration: (id: string) => `/users/biometric_registrations/${encodeURIComponent(id)}`,
  userCryptoWallet: (id: string) => `/users/crypto_wallets/${encodeURIComponent(id)}`,
};

export function createUserCalls(options: {
  http: HttpClient;
  manager: SessionManager;
  validate: typeof Validate;
}): UserCalls {
  const { http, manager, validate } = options;
  const paths = USER_PATHS;

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
        path: paths.usersMe,
      });
      manager.updateUser(user);
      return user;
    },
    async update(updateOptions) {
      validate('user.update')
        .object('options', updateOptions)
        .optionalObject('name', updateOptions.name)
        .optionalObject('untrusted_metadata', updateOptions.untrusted_metadata);
      return mutate('PUT', paths.usersMe, updateOptions);
    },
    deleteEmail: remover('deleteEmail', 'email_id', paths.userEmail),
    deletePhoneNumber: remover('deletePhoneNumber', 'phone_id', paths.userPhoneNumber),
    deleteTOTP: remover('deleteTOTP', 'totp_id', paths.userTotp),
    deleteOAuthRegistration: remover(
      'deleteOAuthRegistration',
      'oauth_user_registration_id',
      paths.userOAuth,
    ),
    deleteWebauthnRegistration: remover(
      'deleteWebauthnRegistration',
      'webauthn_registration_id',
      paths.userWebAuthnRegistration,
    ),
    deleteBiometricRegistration: remover(
      'deleteBiometricRegistration',
      'biometric_registration_id',
      paths.userBiometricRegistration,
    ),
    // Issue 22: Stytch's users.deleteCryptoWallet (the account page's wallet removal).
    deleteCryptoWallet: remover('deleteCryptoWallet', 'crypto_wallet_id', paths.userCryptoWallet),
  };
}
