// wire-format.md §4.11: GET /projects/bootstrap/{public_token}. Every field is always sent — the SDK's mapping
// throws when `password_config` is missing and every captcha-aware call breaks without `captcha_settings`.
import type { BootstrapResponse } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { captchaSettingsFor, clientIsGatehouseSdk } from '../../infra/captcha';
import type { AppContext, RequestContext } from '../../infra/context';
import { sendData } from '../../infra/context';
import { contextOf } from '../../infra/request-context';
import { defaultProjectSettings } from './project-service';

const BootstrapParams = Type.Object({ public_token: Type.String({ minLength: 1, maxLength: 200 }) });

/** The bootstrap fields of a project (without request_id / status_code, which sendData adds). */
export function bootstrapFields(
  ctx: Pick<AppContext, 'config'>,
  request: Pick<RequestContext, 'project' | 'sdkClient'>,
): Omit<BootstrapResponse, 'request_id' | 'status_code'> {
  const { project } = request;
  // Settings written by an older version may lack a key: the defaults fill it so the answer stays complete.
  const settings = { ...defaultProjectSettings(ctx.config), ...project.settings };
  return {
    // Issue 14 item 2: a foreign SDK (the Stytch pre-built UI) would draw 'Powered by Stytch' with an image from
    // public-assets.stytch.com, a host the site's visitors should not be sent to (and a request leaving the server's
    // origin): the watermark is off for every caller but the Gatehouse SDK, whose watermark is local text.
    disable_sdk_watermark: settings.disable_sdk_watermark || !clientIsGatehouseSdk(request.sdkClient),
    cname_domain: settings.cname_domain,
    email_domains: settings.email_domains,
    // Issue 9 item 3: on only for a caller that can solve our challenge (the Stytch SDK would load reCAPTCHA).
    captcha_settings: captchaSettingsFor(request),
    pkce_required_for_email_magic_links: settings.pkce_required_for_email_magic_links,
    pkce_required_for_password_resets: settings.pkce_required_for_password_resets,
    pkce_required_for_oauth: settings.pkce_required_for_oauth,
    // B2B fields the B2C SDK maps but does not use: fixed values.
    pkce_required_for_sso: false,
    slug_pattern: null,
    create_organization_enabled: false,
    password_config: settings.password_config,
    dfp_protected_auth_enabled: false,
    dfp_protected_auth_mode: 'OBSERVATION',
    rbac_policy: settings.rbac_policy as BootstrapResponse['rbac_policy'],
    // Issue 13 item 1, wire-format.md §4.11: an extra field (the Stytch SDK ignores unknown ones); our SDK maps it
    // to `secondFactorRequired`.
    require_second_factor: settings.require_second_factor === true,
    // Issue 26 "Branding": another extra field; the widget paints it under the integrator's own `styles`.
    theme: settings.theme ?? null,
  };
}

export async function registerBootstrapRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  sdk.get(
    '/projects/bootstrap/:public_token',
    // The token is in the path (auth.ts 'path-token' resolves it and checks the Origin).
    { schema: { params: BootstrapParams }, config: { auth: 'path-token' } },
    async (request, reply) => sendData(reply, bootstrapFields(ctx, contextOf(request))),
  );
}
