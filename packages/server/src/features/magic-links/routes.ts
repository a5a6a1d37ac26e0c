// SPEC §7: the four login-link calls under /sdk/v1 (wire-format.md §4.4). Routes are relative to the prefix.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
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
    app.post(url, { schema: { body: SendMagicLinkBody } }, async (request, reply) =>
      sendData(reply, await sendMagicLink(ctx, { request, body: request.body, mode })),
    );
  }
  app.post(
    ROUTES.magicLinksAuthenticate,
    { schema: { body: AuthenticateMagicLinkBody } },
    async (request, reply) =>
      sendData(reply, await authenticateMagicLink(ctx, { request, body: request.body })),
  );
}
