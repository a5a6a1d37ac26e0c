// Issue 11 item 2: the Google One Tap calls under /sdk/v1 (ROUTES.oauth.oneTapStart / oneTapSubmit), both of the
// oauth product. Routes are relative to the prefix; the request-context hook already resolved the project, checked
// the Origin against the project's allowed origins and the product against its enabled products.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { FRAME_ORIGIN_HEADER, ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { type AppContext, type ProjectRecord, sendData } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { contextOf } from '../../infra/request-context';
import { DEFAULT_ONE_TAP_DEPENDENCIES, type OneTapDependencies, startOneTap, submitOneTap } from './one-tap';

const RedirectUrlField = Type.Optional(Type.String({ minLength: 1, maxLength: 2048 }));

/** Extra keys are tolerated, as on the other sign-in routes (the SDK spreads caller options into bodies). */
export const OneTapSubmitBody = Type.Object({
  /** A Google ID token is a JWT of a few kilobytes at most. */
  id_token: Type.String({ minLength: 1, maxLength: 8192, pattern: '^[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]*){2}$' }),
  csrf_token: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  oauth_callback_id: Type.String({ minLength: 1, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
  login_redirect_url: RedirectUrlField,
  signup_redirect_url: RedirectUrlField,
  /**
   * Gatehouse's SDK sends the S256 challenge of a fresh `oauth` PKCE pair when the project requires PKCE for OAuth
   * (issue 20 item 6), and the token is bound to it; the Stytch services page sends none (UNBOUND_ONE_TAP_CHALLENGE).
   */
  code_challenge: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]{43}$' })),
});
export type OneTapSubmitBody = Static<typeof OneTapSubmitBody>;

function originOf(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  return typeof origin === 'string' && origin !== '' ? origin : null;
}

/**
 * Issue 20 item 6 (security-tests.md XS-03): the client-side services page calls these routes from the server's
 * own origin, which every project allows (infra/cors.ts), on behalf of the site that framed it, and names that site
 * in FRAME_ORIGIN_HEADER (the browser-set origin of the message it answers; the page is ours, so it always does).
 * That site must be one of the token's project's allowed origins, or the server itself as for CORS, else 403
 * origin_not_allowed before anything is read or stored: one tenant's site cannot run another project's One Tap
 * through the page. The answer names neither the project's origins nor anyone else's.
 */
export function assertFrameOriginAllowed(
  request: FastifyRequest,
  options: { project: Pick<ProjectRecord, 'allowedOrigins'>; publicUrl: string },
): void {
  const header = request.headers[FRAME_ORIGIN_HEADER];
  if (header === undefined) return;
  const frameOrigin = typeof header === 'string' ? header : '';
  const allowed =
    options.project.allowedOrigins.includes(frameOrigin) || frameOrigin === new URL(options.publicUrl).origin;
  if (!allowed) {
    throw new ApiError(
      'origin_not_allowed',
      "The page that framed the client-side services page is not in this project's allowed origins.",
    );
  }
}

/**
 * Registers POST /sdk/v1/oauth/google/onetap/start and …/submit (app.ts FEATURES). `dependencies` lets tests put a
 * stand-in in front of the provider configuration or the login; the app uses the real ones.
 */
export async function registerOneTapRoutes(
  sdk: FastifyInstance,
  ctx: AppContext,
  dependencies: OneTapDependencies = DEFAULT_ONE_TAP_DEPENDENCIES,
): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  const config = { product: 'oauth' } as const;
  // The SDK may send no body at all: the start takes nothing from it.
  const publicUrl = ctx.config.publicUrl;
  app.post(ROUTES.oauth.oneTapStart, { config }, async (request, reply) => {
    const rc = contextOf(request);
    assertFrameOriginAllowed(request, { project: rc.project, publicUrl });
    return sendData(reply, await startOneTap(ctx, rc, { origin: originOf(request), dependencies }));
  });
  app.post(
    ROUTES.oauth.oneTapSubmit,
    { schema: { body: OneTapSubmitBody }, config },
    async (request, reply) => {
      const rc = contextOf(request);
      assertFrameOriginAllowed(request, { project: rc.project, publicUrl });
      return sendData(
        reply,
        await submitOneTap(ctx, rc, { origin: originOf(request), body: request.body, dependencies }),
      );
    },
  );
}
