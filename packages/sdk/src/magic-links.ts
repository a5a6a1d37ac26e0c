// wire-format.md §4.4 and §6: e-mail login links with PKCE.
import type { AuthenticateResponse } from '@gatehouse/protocol';
import type { BootstrapModule } from './bootstrap';
import type { HttpClient } from './http';
import { PATHS } from './paths';
import type { PkceNamespace, PkceStore } from './pkce';
import type { SessionManager } from './session-manager';
import type { Telemetry } from './telemetry';
import { validate } from './usage';

export interface MagicLinkEmailOptions {
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
  locale?: string;
}

/** ResponseCommon; nothing else is read (wire-format.md §4.4), so any further fields pass through untouched. */
export interface MagicLinkSendResponse {
  request_id: string;
  status_code: number;
  [field: string]: unknown;
}

export type MagicLinkAuthenticateResponse = Omit<AuthenticateResponse, '__user'> & { method_id?: string };

export interface MagicLinksModule {
  email: {
    /** POST /magic_links/email/login_or_create. */
    loginOrCreate(email: string, options?: MagicLinkEmailOptions): Promise<MagicLinkSendResponse>;
    /** POST /magic_links/email/send/secondary when a session is held, else /send/primary. */
    send(email: string, options?: MagicLinkEmailOptions): Promise<MagicLinkSendResponse>;
  };
  /** POST /magic_links/authenticate with the §6 verifier fallback; writes the session. */
  authenticate(
    token: string,
    options: { session_duration_minutes: number },
  ): Promise<MagicLinkAuthenticateResponse>;
}

export function createMagicLinksModule(options: {
  http: HttpClient;
  manager: SessionManager;
  bootstrap: BootstrapModule;
  pkce: PkceStore;
  telemetry: Telemetry;
}): MagicLinksModule {
  const { http, manager, bootstrap, pkce, telemetry } = options;

  const sendEmail = async (
    method: string,
    path: () => string,
    email: string,
    emailOptions: MagicLinkEmailOptions = {},
  ) => {
    validate(`magicLinks.email.${method}`)
      .string('email', email)
      .object('options', emailOptions)
      .optionalString('login_magic_link_url', emailOptions.login_magic_link_url)
      .optionalString('signup_magic_link_url', emailOptions.signup_magic_link_url)
      .optionalNumber('login_expiration_minutes', emailOptions.login_expiration_minutes)
      .optionalNumber('signup_expiration_minutes', emailOptions.signup_expiration_minutes)
      .optionalString('login_template_id', emailOptions.login_template_id)
      .optionalString('signup_template_id', emailOptions.signup_template_id)
      .optionalString('locale', emailOptions.locale);
    // wire-format.md §6: code_challenge only when the project requires PKCE; reuse a pending pair.
    const { pkceRequiredForEmailMagicLinks } = await bootstrap.get();
    const challenge = pkceRequiredForEmailMagicLinks
      ? { code_challenge: (await pkce.getOrCreate('magic_links')).code_challenge }
      : {};
    const data = await http.request<MagicLinkSendResponse>({
      method: 'POST',
      path: path(),
      body: { ...emailOptions, email, ...challenge },
    });
    telemetry.logEvent('email_sent', { email, type: 'login_or_create_eml' });
    return data;
  };

  return {
    email: {
      loginOrCreate: (email, emailOptions) =>
        sendEmail('loginOrCreate', () => PATHS.magicLinksEmailLoginOrCreate, email, emailOptions),
      send: (email, emailOptions) =>
        sendEmail(
          'send',
          // SPEC §4: "Calls are primary (no session) or secondary (existing session ...)".
          () =>
            manager.getState()?.session
              ? PATHS.magicLinksEmailSendSecondary
              : PATHS.magicLinksEmailSendPrimary,
          email,
          emailOptions,
        ),
    },
    async authenticate(token, authenticateOptions) {
      validate('magicLinks.authenticate')
        .string('token', token)
        .object('options', authenticateOptions)
        .number('session_duration_minutes', authenticateOptions.session_duration_minutes);
      const { session_duration_minutes } = authenticateOptions;
      const post = (code_verifier: string | undefined) =>
        http.request<AuthenticateResponse & { method_id?: string }>({
          method: 'POST',
          path: PATHS.magicLinksAuthenticate,
          body: { token, session_duration_minutes, code_verifier },
        });
      // wire-format.md §6: a "log in without password" link from a password reset carries the passwords
      // challenge, so that verifier goes first; an error mentioning pkce retries with the magic_links one.
      const passwordsPair = pkce.get('passwords');
      const magicLinksPair = pkce.get('magic_links');
      let data: AuthenticateResponse & { method_id?: string };
      let used: PkceNamespace = passwordsPair ? 'passwords' : 'magic_links';
      try {
        data = await post((passwordsPair ?? magicLinksPair)?.code_verifier);
      } catch (error) {
        if (!passwordsPair || !String((error as Error | null)?.message).includes('pkce')) throw error;
        used = 'magic_links';
        data = await post(magicLinksPair?.code_verifier);
      }
      pkce.clear(used);
      return manager.applyAuthentication(data, 'user');
    },
  };
}
