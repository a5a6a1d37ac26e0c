// wire-format.md §4.11: GET /projects/bootstrap/{public_token}.

export interface PasswordConfigWire {
  luds_complexity: number;
  luds_minimum_count: number;
}

export type CaptchaSettings = { enabled: false } | { enabled: true; siteKey: string };

export interface RbacPolicy {
  roles: {
    role_id: string;
    description: string;
    permissions: { resource_id: string; actions: string[] }[];
  }[];
  resources: { resource_id: string; description: string; actions: string[] }[];
}

/**
 * Issue 26 "Branding": a project's theme, the keys of the widget's `styles` (wire-format.md §7.3 StyleConfig, SPEC §2
 * "Theme"), all optional. The server validates it like the project file does (infra/theme-schema.ts).
 */
export interface ProjectTheme {
  container?: { backgroundColor?: string; borderColor?: string; borderRadius?: string; width?: string };
  colors?: { primary?: string; secondary?: string; success?: string; error?: string };
  buttons?: {
    primary?: { backgroundColor?: string; textColor?: string; borderColor?: string; borderRadius?: string };
    secondary?: { backgroundColor?: string; textColor?: string; borderColor?: string; borderRadius?: string };
  };
  inputs?: {
    backgroundColor?: string;
    textColor?: string;
    placeholderColor?: string;
    borderColor?: string;
    borderRadius?: string;
  };
  fontFamily?: string;
  hideHeaderText?: boolean;
  logo?: { logoImageUrl?: string };
}

export interface BootstrapResponse {
  request_id: string;
  status_code: number;
  disable_sdk_watermark: boolean;
  cname_domain: string | null;
  email_domains: string[];
  captcha_settings: CaptchaSettings;
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  pkce_required_for_sso: boolean;
  slug_pattern: string | null;
  create_organization_enabled: boolean;
  /** Must be present (object or null): the SDK's mapping depends on it. */
  password_config: PasswordConfigWire | null;
  dfp_protected_auth_enabled: boolean;
  dfp_protected_auth_mode: 'OBSERVATION' | 'DECISIONING';
  rbac_policy: RbacPolicy | null;
  /**
   * Gatehouse extra (issue 13 item 1; the Stytch SDK ignores unknown fields): users with a verified authenticator
   * app must step their session up with a TOTP or recovery code before the app treats them as signed in.
   */
  require_second_factor: boolean;
  /**
   * Gatehouse extra (issue 26 "Branding"; the Stytch SDK ignores unknown fields): the project's theme, which the
   * widget applies under the integrator's own `styles`; null when the project set none.
   */
  theme: ProjectTheme | null;
}

/** The SDK's camelCase view of bootstrap (wire-format.md §4.11 "SDK field"). */
export interface BootstrapData {
  displayWatermark: boolean;
  cnameDomain: string | null;
  emailDomains: string[];
  captchaSettings: CaptchaSettings;
  pkceRequiredForEmailMagicLinks: boolean;
  pkceRequiredForPasswordResets: boolean;
  pkceRequiredForOAuth: boolean;
  pkceRequiredForSso: boolean;
  slugPattern: string | null;
  createOrganizationEnabled: boolean;
  passwordConfig: { ludsComplexity: number; ludsMinimumCount: number } | null;
  runDFPProtectedAuth: boolean;
  dfpProtectedAuthMode: 'OBSERVATION' | 'DECISIONING';
  rbacPolicy: RbacPolicy | null;
  /** `require_second_factor` (Gatehouse extra, issue 13 item 1); false when absent. */
  secondFactorRequired: boolean;
  /** `theme` (Gatehouse extra, issue 26 "Branding"); null when absent or not an object. */
  theme: ProjectTheme | null;
}

/** Used when the bootstrap fetch fails or its answer cannot be mapped (SPEC §7). */
export const DEFAULT_BOOTSTRAP: BootstrapData = {
  displayWatermark: false,
  cnameDomain: null,
  emailDomains: [],
  captchaSettings: { enabled: false },
  pkceRequiredForEmailMagicLinks: false,
  pkceRequiredForPasswordResets: false,
  pkceRequiredForOAuth: false,
  pkceRequiredForSso: false,
  slugPattern: null,
  createOrganizationEnabled: false,
  passwordConfig: null,
  runDFPProtectedAuth: false,
  dfpProtectedAuthMode: 'OBSERVATION',
  rbacPolicy: null,
  secondFactorRequired: false,
  theme: null,
};
