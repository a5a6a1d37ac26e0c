// wire-format.md §4.10 and §6: the password calls behind client.passwords, loaded on the first password call
// (client.ts lazyPasswords). Every call but strength_check is captcha-protected and retriable (§4 **R**), which
// the HTTP client does for any call answered 'Captcha required' (issue 9 item 3). Only type imports from the SDK's
// own files: `validate` comes in from the client, so this chunk shares nothing with the initial bundle but the
// protocol constants (a shared module would be split into a chunk of its own, bench widget-size). The paths are
// written out rather than read from the protocol's PASSWORD_ROUTES: importing that table would put it in the shared
// protocol chunk every page loads (76 B gzip); passwords.test.ts checks they equal it. users.search lives here too:
// only the password flow asks it (client.ts loads this file for it).
import type {
  AuthenticateResponse,
  PasswordCreateResponse,
  PasswordResetByEmailStartResponse,
  PasswordStrengthCheckResponse,
  UserSearchResponse,
} from '@gatehouse/protocol';
import type { BootstrapModule } from './bootstrap';
import type { HttpClient } from './http';
import type { PasswordsModule } from './passwords';
import type { PkceStore } from './pkce';
import type { SessionManager } from './session-manager';
import type { validate as Validate } from './usage';
import type { UsersModule } from './users';

/** SPEC §7: "Password create and authenticate default session_duration_minutes to 30." */
const DEFAULT_SESSION_MINUTES = 30;

export function createPasswordsModule(options: {
  http: HttpClient;
  manager: SessionManager;
  bootstrap: BootstrapModule;
  pkce: PkceStore;
  validate: typeof Validate;
}): PasswordsModule {
  const { http, manager, bootstrap, pkce, validate } = options;
  const post = <T>(path: string, body: object) => http.request<T>({ method: 'POST', path, body });

  // create and authenticate: same checks and body (wire-format.md §3.3; SPEC §7 default 30 when left out).
  const signIn = async (method: 'create' | 'authenticate', path: string, signInOptions: unknown) => {
    validate(`passwords.${method}`).object('options', signInOptions);
    const { email, password, session_duration_minutes } = signInOptions as Record<string, unknown>;
    validate(`passwords.${method}`)
      .string('email', email)
      .string('password', password)
      .optionalNumber('session_duration_minutes', session_duration_minutes);
    const data = await post<PasswordCreateResponse>(path, {
      email,
      password,
      session_duration_minutes: session_duration_minutes ?? DEFAULT_SESSION_MINUTES,
    });
    return manager.applyAuthentication(data, 'user');
  };

  return {
    create: (createOptions) => signIn('create', '/passwords', createOptions),
    authenticate: (authenticateOptions) =>
      signIn('authenticate', '/passwords/authenticate', authenticateOptions),

    async resetByEmailStart(startOptions) {
      validate('passwords.resetByEmailStart')
        .object('options', startOptions)
        .string('email', startOptions.email)
        .optionalString('login_redirect_url', startOptions.login_redirect_url)
        .optionalString('reset_password_redirect_url', startOptions.reset_password_redirect_url)
        .optionalString('reset_password_template_id', startOptions.reset_password_template_id)
        .optionalNumber('reset_password_expiration_minutes', startOptions.reset_password_expiration_minutes)
        .optionalString('locale', startOptions.locale);
      // wire-format.md §6: code_challenge only when the project requires PKCE for resets; reuse a pending pair.
      const { pkceRequiredForPasswordResets } = await bootstrap.get();
      const code_challenge = pkceRequiredForPasswordResets
        ? (await pkce.getOrCreate('passwords')).code_challenge
        : undefined;
      // Named fields only: login_expiration_minutes is accepted and dropped (wire-format.md §4.10).
      return post<PasswordResetByEmailStartResponse>('/passwords/email/reset/start', {
        email: startOptions.email,
        login_redirect_url: startOptions.login_redirect_url,
        reset_password_redirect_url: startOptions.reset_password_redirect_url,
        reset_password_expiration_minutes: startOptions.reset_password_expiration_minutes,
        reset_password_template_id: startOptions.reset_password_template_id,
        locale: startOptions.locale,
        code_challenge,
      });
    },

    async resetByEmail(resetOptions) {
      validate('passwords.resetByEmail')
        .object('options', resetOptions)
        .string('token', resetOptions.token)
        .string('password', resetOptions.password)
        .number('session_duration_minutes', resetOptions.session_duration_minutes);
      // wire-format.md §6: the stored verifier is always sent (omitted when none); the pair goes only on success.
      const data = await post<AuthenticateResponse>('/passwords/email/reset', {
        token: resetOptions.token,
        password: resetOptions.password,
        session_duration_minutes: resetOptions.session_duration_minutes,
        code_verifier: pkce.get('passwords')?.code_verifier,
      });
      pkce.clear('passwords');
      return manager.applyAuthentication(data, 'user');
    },

    async resetByExistingPassword(resetOptions) {
      validate('passwords.resetByExistingPassword')
        .object('options', resetOptions)
        .string('email', resetOptions.email)
        .string('existing_password', resetOptions.existing_password)
        .string('new_password', resetOptions.new_password)
        .number('session_duration_minutes', resetOptions.session_duration_minutes);
      const data = await post<AuthenticateResponse>('/passwords/existing_password/reset', {
        email: resetOptions.email,
        existing_password: resetOptions.existing_password,
        new_password: resetOptions.new_password,
        session_duration_minutes: resetOptions.session_duration_minutes,
      });
      return manager.applyAuthentication(data, 'user');
    },

    async resetBySession(resetOptions) {
      validate('passwords.resetBySession')
        .object('options', resetOptions)
        .string('password', resetOptions.password)
        .optionalNumber('session_duration_minutes', resetOptions.session_duration_minutes);
      const data = await post<AuthenticateResponse>('/passwords/session/reset', {
        password: resetOptions.password,
        session_duration_minutes: resetOptions.session_duration_minutes,
      });
      manager.applyAuthentication(data, 'user');
      // wire-format.md §4.1: this one call hands its data back untouched, `__user` included.
      return data;
    },

    async strengthCheck(checkOptions) {
      validate('passwords.strengthCheck')
        .object('options', checkOptions)
        .optionalString('email', checkOptions.email)
        .string('password', checkOptions.password);
      return post<PasswordStrengthCheckResponse>('/passwords/strength_check', {
        email: checkOptions.email,
        password: checkOptions.password,
      });
    },
  };
}

/**
 * POST /users/search `{ email }` behind client.users.search (wire-format.md §4.2): `userType` is new, password or
 * passwordless (SPEC §4 password flow). Captcha-protected like the sign-in calls (the HTTP client retries).
 */
export function searchUser(
  options: { http: HttpClient; validate: typeof Validate },
  email: string,
): ReturnType<UsersModule['search']> {
  options.validate('user.search').string('email', email);
  // The path written out like the password paths above (passwords.test.ts checks it equals USERS_SEARCH_ROUTE).
  return options.http.request<UserSearchResponse>({ method: 'POST', path: '/users/search', body: { email } });
}
