// Issue 11 item 2: the Google One Tap calls under /sdk/v1 (ROUTES.oauth.oneTapStart / oneTapSubmit), both of the
// oauth product. Routes are relative to the prefix; the request-context hook already resolved the project, checked
// the Origin against the project's allowed origins and the product against its enabled products.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { type Static, Type } from 'typebox';
import { type AppContext, sendData } from '../../infra/context';
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
  app.post(ROUTES.oauth.oneTapStart, { config }, async (request, reply) =>
    sendData(reply, await startOneTap(ctx, contextOf(request), { origin: originOf(request), dependencies })),
  );
  app.post(
    ROUTES.oauth.oneTapSubmit,
    { schema: { body: OneTapSubmitBody }, config },
    async (request, reply) =>
      sendData(
        reply,
        await submitOneTap(ctx, contextOf(request), {
          origin: originOf(request),
          body: request.body,
          dependencies,
        }),
      ),
  );
}
