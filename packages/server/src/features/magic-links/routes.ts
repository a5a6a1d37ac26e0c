// SPEC §7: the four login-link calls under /sdk/v1 (wire-format.md §4.4), all of the emailMagicLinks product.
// Routes are relative to the prefix.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
import { guardCall } from '../../infra/rate-limits';
import { contextOf } from '../../infra/request-context';
import { AuthenticateMagicLinkBody, SendMagicLinkBody } from './schema';
import { authenticateMagicLink, type SendMode, sendMagicLink } from './service';

const SEND_ROUTES: ReadonlyArray<readonly [string, SendMode]> = [
  [ROUTES.magicLinksEmailLoginOrCreate, 'login_or_create'],
  [ROUTES.magicLinksEmailSendPrimary, 'primary'],
  [ROUTES.magicLinksEmailSendSecondary, 'secondary'],
];

export async function registerMagicLinkRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  for (const [url, mode] of SEND_ROUTES) {
    const config = {
      product: 'emailMagicLinks',
      session: mode === 'secondary' ? 'required' : 'none',
    } as const;
    app.post(url, { schema: { body: SendMagicLinkBody }, config }, async (request, reply) => {
      // Captcha branch stand-in until the limit-wiring branch lands (its guardSend replaces this at the merge):
      // the contract's guardCall, action = the route path, captcha_token from the body (issue 9 items 1 and 3).
      const context = contextOf(request);
      await guardCall(ctx, context, {
        checks: [{ limit: 'magicLinkSendsPerIp', kind: 'ip', key: context.ip }],
        message: 'Too many login links were requested from this address. Try again later.',
        action: url,
        captchaToken: request.body.captcha_token ?? null,
      });
      return sendData(reply, await sendMagicLink(ctx, context, { body: request.body, mode }));
    });
  }
  app.post(
    ROUTES.magicLinksAuthenticate,
    // A signed-in caller's session gets the factor added (SPEC §4 secondary calls).
    {
      schema: { body: AuthenticateMagicLinkBody },
      config: { product: 'emailMagicLinks', session: 'optional' },
    },
    async (request, reply) =>
      sendData(reply, await authenticateMagicLink(ctx, contextOf(request), request.body)),
  );
}
