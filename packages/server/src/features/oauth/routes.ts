// Issue 11 item 1 routes. Under /sdk/v1 (the FEATURES list of app.ts): POST /oauth/authenticate, product oauth.
// Outside it (registered on the root like the JWKS, wire-format.md §1.3): the browser-navigation start and the
// provider callback, which answer redirects or a small HTML page, never JSON and never a 500 for a provider,
// state or redirect-URL problem.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { OAUTH_PUBLIC_ROUTES, ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { type AppContext, sendData } from '../../infra/context';
import { isApiError } from '../../infra/errors';
import { contextOf, userAgentOf } from '../../infra/request-context';
import { appHeadLinks } from '../../infra/static-web';
import { renderErrorPage } from './error-page';
import { type FlowOutcome, handleCallback, startOAuth } from './flow';
import { ERROR_PAGE } from './messages';
import { AuthenticateOAuthBody } from './schema';
import { authenticateOAuth } from './service';

export async function registerOAuthRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  app.post(
    ROUTES.oauth.authenticate,
    {
      schema: { body: AuthenticateOAuthBody },
      // A signed-in caller's session gets the factor added (SPEC §4 secondary calls).
      config: { product: 'oauth', session: 'optional' },
    },
    async (request, reply) =>
      sendData(
        reply,
        await authenticateOAuth(ctx, contextOf(request), {
          body: request.body,
          action: ROUTES.oauth.authenticate,
        }),
      ),
  );
}

// OAUTH_PUBLIC_ROUTES encodes its argument, so the route patterns are spelled out (the same paths).
const START_ROUTE = '/v1/public/oauth/:provider/start';
const CALLBACK_ROUTE = '/v1/public/oauth/:provider/callback';

const ProviderParams = Type.Object({ provider: Type.String({ minLength: 1, maxLength: 64 }) });

/** A form_post body is small: the code, the state, Apple's `user` JSON. */
const FORM_BODY_LIMIT = 65_536;

async function send(ctx: AppContext, reply: FastifyReply, outcome: FlowOutcome): Promise<FastifyReply> {
  // Answers carry a fresh state or a token: never cached, never sent on as a referrer (XS-04).
  reply.header('cache-control', 'no-store');
  reply.header('referrer-policy', 'no-referrer');
  if (outcome.setCookies.length > 0) reply.header('set-cookie', outcome.setCookies);
  if (outcome.kind === 'redirect') return reply.redirect(outcome.location, 302);
  return reply
    .code(outcome.status)
    .type('text/html; charset=utf-8')
    .send(
      renderErrorPage({ message: outcome.message, headLinks: await appHeadLinks(ctx.config.webDistDir) }),
    );
}

/** The query string of a request as URLSearchParams (repeated keys kept; the first value is read). */
function queryOf(url: string): URLSearchParams {
  const index = url.indexOf('?');
  return new URLSearchParams(index === -1 ? '' : url.slice(index + 1));
}

export async function registerOAuthPublicRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  await root.register(async (scope) => {
    // form_post callbacks (Apple): only this scope parses urlencoded bodies.
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
      (_request, body, done) => done(null, new URLSearchParams(body as string)),
    );
    const app = scope.withTypeProvider<TypeBoxTypeProvider>();
    const pageOnError = async (reply: FastifyReply, run: () => Promise<FlowOutcome>) => {
      try {
        return send(ctx, reply, await run());
      } catch (error) {
        // A redirect URL the project no longer allows at completion (RD-01): never followed.
        if (isApiError(error) && error.errorType === 'invalid_redirect_url') {
          return send(ctx, reply, {
            kind: 'page',
            status: 400,
            message: ERROR_PAGE.invalidRedirectUrl,
            setCookies: [],
          });
        }
        throw error;
      }
    };

    app.get(START_ROUTE, { schema: { params: ProviderParams } }, async (request, reply) =>
      pageOnError(reply, () =>
        startOAuth(ctx, { provider: request.params.provider, query: queryOf(request.url), ip: request.ip }),
      ),
    );

    app.get(CALLBACK_ROUTE, { schema: { params: ProviderParams } }, async (request, reply) =>
      pageOnError(reply, () =>
        handleCallback(ctx, {
          provider: request.params.provider,
          params: queryOf(request.url),
          cookieHeader: request.headers.cookie,
          ip: request.ip,
          userAgent: userAgentOf(request.headers['user-agent']),
          requestId: request.id,
          log: request.log,
        }),
      ),
    );

    // response_mode=form_post: the provider's page posts cross-site, so the SameSite=Lax binding cookie is not
    // sent with it. The answer is re-sent as a top-level GET to the same callback (303), which carries the cookie.
    app.post(CALLBACK_ROUTE, { schema: { params: ProviderParams } }, async (request, reply) => {
      const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      reply.header('cache-control', 'no-store');
      reply.header('referrer-policy', 'no-referrer');
      const target = `${OAUTH_PUBLIC_ROUTES.callback(request.params.provider)}?${body.toString()}`;
      return reply.redirect(target, 303);
    });
  });
}
