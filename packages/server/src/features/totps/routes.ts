// SPEC §7 / wire-format.md §4.8: the four TOTP calls under /sdk/v1 (issue 13 item 1), each needing a signed-in
// session. The fifth, DELETE /users/totps/{id}, lives with the other user sub-resources (features/users).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
import { contextOf } from '../../infra/request-context';
import { AuthenticateBody, CreateBody, RecoverBody } from './schema';
import { authenticateTotp, createTotp, listRecoveryCodes, recoverTotp } from './service';

export const TOTP_ROUTES = ROUTES.totps;

export async function registerTotpRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  const signedIn = { session: 'required' } as const;
  app.post(TOTP_ROUTES.create, { schema: { body: CreateBody }, config: signedIn }, async (request, reply) =>
    sendData(
      reply,
      await createTotp(ctx, contextOf(request), { body: request.body, action: TOTP_ROUTES.create }),
    ),
  );
  app.post(
    TOTP_ROUTES.authenticate,
    { schema: { body: AuthenticateBody }, config: signedIn },
    async (request, reply) =>
      sendData(
        reply,
        await authenticateTotp(ctx, contextOf(request), {
          body: request.body,
          action: TOTP_ROUTES.authenticate,
        }),
      ),
  );
  // wire-format.md §2: sent with no body.
  app.post(TOTP_ROUTES.recoveryCodes, { config: signedIn }, async (request, reply) =>
    sendData(reply, await listRecoveryCodes(ctx, contextOf(request))),
  );
  app.post(TOTP_ROUTES.recover, { schema: { body: RecoverBody }, config: signedIn }, async (request, reply) =>
    sendData(
      reply,
      await recoverTotp(ctx, contextOf(request), { body: request.body, action: TOTP_ROUTES.recover }),
    ),
  );
}
