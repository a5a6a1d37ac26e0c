// Microsoft identity platform v2.0 (OpenID Connect), the multi-tenant `common` endpoint: work, school and personal
// accounts. Endpoints from https://login.microsoftonline.com/common/v2.0/.well-known/openid-configuration, whose
// issuer is the template `https://login.microsoftonline.com/{tenantid}/v2.0`: each token names its tenant in `tid`.
//
// emailVerified: Microsoft's `email` claim is NOT verified — a tenant admin can set any address on a user, which is
// the "nOAuth" account-takeover (security-tests.md TK-07). It counts as verified only when the optional claim
// `xms_edov` (e-mail domain owner verified) is true, or for a personal Microsoft account (the consumer tenant) at a
// Microsoft consumer domain, for which Microsoft itself is authoritative.
import type { ProviderPreset } from '../preset';
import { type JsonObject, openIdClaims, standardClaimsProfile, textOf } from './profile-fields';

export const MICROSOFT_ISSUER_TEMPLATE = 'https://login.microsoftonline.com/{tenantid}/v2.0';
/** The tenant of personal Microsoft accounts (documented constant). */
export const MICROSOFT_CONSUMER_TENANT = '9188040d-6c67-4c5b-b112-36a304b66dad';
const MICROSOFT_CONSUMER_DOMAINS: readonly string[] = [
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'passport.com',
];
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/u;

function microsoftVerified(claims: JsonObject, email: string | null): boolean {
  if (claims.xms_edov === true || claims.xms_edov === '1' || claims.xms_edov === 'true') return true;
  const domain = (email ?? '').split('@').pop()?.toLowerCase() ?? '';
  return textOf(claims, 'tid') === MICROSOFT_CONSUMER_TENANT && MICROSOFT_CONSUMER_DOMAINS.includes(domain);
}

export const microsoftPreset: ProviderPreset = {
  type: 'microsoft',
  openid: true,
  endpoints: {
    authorization: 'https://login.microsoftonline.com/common/oauth2/v2.0/authorize',
    token: 'https://login.microsoftonline.com/common/oauth2/v2.0/token',
    userinfo: 'https://graph.microsoft.com/oidc/userinfo',
    issuer: MICROSOFT_ISSUER_TEMPLATE,
    jwks: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
  },
  defaultScopes: ['openid', 'email', 'profile'],
  clientAuthentication: 'client_secret_post',
  issuerFor(claims, configuredIssuer) {
    if (!configuredIssuer.includes('{tenantid}')) return configuredIssuer;
    // The tenant must be a GUID: it is substituted into the issuer the token is then checked against exactly, so
    // a `tid` of another shape can never make an issuer of another host or path.
    const tenant = typeof claims.tid === 'string' ? claims.tid.toLowerCase() : '';
    if (!TENANT_ID.test(tenant)) return null;
    return configuredIssuer.replace('{tenantid}', tenant);
  },
  mapProfile(answers) {
    const claims = openIdClaims(answers);
    const profile = standardClaimsProfile(claims, 'microsoft', { verified: microsoftVerified });
    // Graph's userinfo `picture` is an API URL that needs the access token: useless to the app, so not kept.
    return { ...profile, pictureUrl: '' };
  },
};
