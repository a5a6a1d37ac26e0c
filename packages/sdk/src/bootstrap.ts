// wire-format.md §4.11: GET /projects/bootstrap/{public_token}, fired once at client construction, mapped to the
// camelCase BootstrapData and cached in localStorage `<stateKey>::bootstrap`. SPEC §7: "If the bootstrap fetch
// fails, a default configuration is used."
import {
  type BootstrapData,
  type BootstrapResponse,
  type CaptchaSettings,
  DEFAULT_BOOTSTRAP,
} from '@gatehouse/protocol';
import type { HttpClient } from './http';
import { PATHS } from './paths';
import type { JsonStorage } from './storage';

export interface BootstrapModule {
  /** Resolves once the bootstrap request settled (never rejects). */
  get(): Promise<BootstrapData>;
  /** The latest known value: fetched, else cached from an earlier visit, else DEFAULT_BOOTSTRAP. */
  getSync(): BootstrapData;
}

function validCaptcha(settings: unknown): settings is CaptchaSettings {
  const value = settings as CaptchaSettings | null;
  return (
    typeof value === 'object' &&
    value !== null &&
    (value.enabled === false || (value.enabled === true && typeof value.siteKey === 'string'))
  );
}

/**
 * Maps the raw `data` of the bootstrap response. Throws when `password_config` is absent or `captcha_settings`
 * is malformed (wire-format.md §4.11 "hard requirements"); the caller then falls back to DEFAULT_BOOTSTRAP.
 */
export function parseBootstrap(raw: unknown): BootstrapData {
  const data = raw as Partial<BootstrapResponse> | null;
  if (
    typeof data !== 'object' ||
    data === null ||
    !('password_config' in data) ||
    !validCaptcha(data.captcha_settings)
  ) {
    throw new Error('Invalid bootstrap response');
  }
  const passwordConfig = data.password_config;
  return {
    displayWatermark: !data.disable_sdk_watermark,
    cnameDomain: data.cname_domain || null,
    emailDomains: Array.isArray(data.email_domains) ? data.email_domains : [],
    captchaSettings: data.captcha_settings,
    pkceRequiredForEmailMagicLinks: data.pkce_required_for_email_magic_links === true,
    pkceRequiredForPasswordResets: data.pkce_required_for_password_resets === true,
    pkceRequiredForOAuth: data.pkce_required_for_oauth === true,
    pkceRequiredForSso: data.pkce_required_for_sso === true,
    slugPattern: data.slug_pattern ?? null,
    createOrganizationEnabled: data.create_organization_enabled === true,
    passwordConfig: passwordConfig
      ? {
          ludsComplexity: passwordConfig.luds_complexity,
          ludsMinimumCount: passwordConfig.luds_minimum_count,
        }
      : null,
    runDFPProtectedAuth: data.dfp_protected_auth_enabled === true,
    dfpProtectedAuthMode: data.dfp_protected_auth_mode === 'DECISIONING' ? 'DECISIONING' : 'OBSERVATION',
    rbacPolicy: data.rbac_policy ?? null,
    // Issue 13 item 1: a Gatehouse extra field; a server without it (or the Stytch cloud) means false.
    secondFactorRequired: data.require_second_factor === true,
    // Issue 26 "Branding": another extra; anything but an object (an older server, the Stytch cloud) means none.
    theme: typeof data.theme === 'object' && !Array.isArray(data.theme) ? data.theme : null,
  };
}

export function createBootstrap(options: {
  publicToken: string;
  http: HttpClient;
  storage: JsonStorage;
}): BootstrapModule {
  const { storage } = options;
  const key = `${storage.stateKey}::bootstrap`;
  const cached = storage.get<BootstrapData>(key);
  let current: BootstrapData =
    cached && typeof cached === 'object' ? { ...DEFAULT_BOOTSTRAP, ...cached } : DEFAULT_BOOTSTRAP;
  const loaded = options.http
    .request<unknown>({ method: 'GET', path: PATHS.bootstrap(options.publicToken) })
    .then((data) => {
      current = parseBootstrap(data);
      storage.set(key, current);
      return current;
    })
    .catch(() => {
      current = DEFAULT_BOOTSTRAP;
      return current;
    });
  return { get: () => loaded, getSync: () => current };
}
