// SPEC §7: the six passkey calls under /sdk/v1 (wire-format.md §4.9). Routes are relative to the prefix. The
// seventh passkey call, DELETE /users/webauthn_registrations/{id}, lives with the other user sub-resources.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
import {
  AuthenticateBody,
  AuthenticateStartBody,
  RegisterBody,
  RegisterStartBody,
  RegistrationParams,
  UpdateBody,
} from './schema';
import {
  finishAuthentication,
  finishRegistration,
  startAuthentication,
  startRegistration,
  updateRegistration,
} from './service';

/** Paths relative to /sdk/v1 (wire-format.md §4.9). */
export const WEBAUTHN_ROUTES = ROUTES.webauthn;

export async function registerWebauthnRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  app.post(WEBAUTHN_ROUTES.registerStart, { schema: { body: RegisterStartBody } }, async (request, reply) =>
    sendData(reply, await startRegistration(ctx, { request, body: request.body })),
  );
  app.post(WEBAUTHN_ROUTES.register, { schema: { body: RegisterBody } }, async (request, reply) =>
    sendData(reply, await finishRegistration(ctx, { request, body: request.body })),
  );
  for (const [url, mode] of [
    [WEBAUTHN_ROUTES.authenticateStartPrimary, 'primary'],
    [WEBAUTHN_ROUTES.authenticateStartSecondary, 'secondary'],
  ] as const) {
    app.post(url, { schema: { body: AuthenticateStartBody } }, async (request, reply) =>
      sendData(reply, await startAuthentication(ctx, { request, body: request.body, mode })),
    );
  }
  app.post(WEBAUTHN_ROUTES.authenticate, { schema: { body: AuthenticateBody } }, async (request, reply) =>
    sendData(reply, await finishAuthentication(ctx, { request, body: request.body })),
  );
  app.put(
    '/webauthn/update/:id',
    { schema: { params: RegistrationParams, body: UpdateBody } },
    async (request, reply) =>
      sendData(
        reply,
        await updateRegistration(ctx, { request, id: request.params.id, name: request.body.name }),
      ),
  );
}
