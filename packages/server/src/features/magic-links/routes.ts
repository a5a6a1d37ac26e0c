// SPEC §7: the four login-link calls under /sdk/v1 (wire-format.md §4.4), all of the emailMagicLinks product.
// Routes are relative to the prefix.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
import { askedLocale } from '../../infra/message-locale';
import { contextOf } from '../../infra/request-context';
import { assertMayClaim } from '../sessions/step-up';
import { rememberLocale } from '../users';
import { parseEmail } from './email-address';
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
      // Issue 20 item 3 (features/sessions/step-up.ts): a secondary send to an address nobody holds attaches it.
      if (mode === 'secondary') {
        await assertMayClaim(ctx, contextOf(request), 'POST /magic_links/email/send/secondary', {
          kind: 'email',
          value: parseEmail(request.body.email),
        });
      }
      return sendData(
        reply,
        await sendMagicLink(ctx, contextOf(request), {
          body: request.body,
          mode,
          action: url,
          locale: askedLocale(request.body, request.headers['accept-language']),
        }),
      );
    });
  }
  app.post(
    ROUTES.magicLinksAuthenticate,
    // A signed-in caller's session gets the factor added (SPEC §4 secondary calls).
    {
      schema: { body: AuthenticateMagicLinkBody },
      config: { product: 'emailMagicLinks', session: 'optional' },
    },
    async (request, reply) => {
      const signedIn = await authenticateMagicLink(ctx, contextOf(request), {
        body: request.body,
        action: ROUTES.magicLinksAuthenticate,
      });
      // Issue 27 item 2: a sign-in with a `locale` makes it the user's last locale.
      await rememberLocale(ctx, signedIn.user_id, askedLocale(request.body, undefined));
      return sendData(reply, signedIn);
    },
  );
}
