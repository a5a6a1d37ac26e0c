// SPEC §7: the six passkey calls under /sdk/v1 (wire-format.md §4.9), all of the passkeys product. Routes are
// relative to the prefix. The
// seventh passkey call, DELETE /users/webauthn_registrations/{id}, lives with the other user sub-resources.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
import { contextOf } from '../../infra/request-context';
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
  const signedIn = { product: 'passkeys', session: 'required' } as const;
  app.post(
    WEBAUTHN_ROUTES.registerStart,
    { schema: { body: RegisterStartBody }, config: signedIn },
    async (request, reply) =>
      sendData(
        reply,
        await startRegistration(ctx, contextOf(request), {
          body: request.body,
          action: WEBAUTHN_ROUTES.registerStart,
        }),
      ),
  );
  app.post(
    WEBAUTHN_ROUTES.register,
    { schema: { body: RegisterBody }, config: signedIn },
    async (request, reply) =>
      sendData(
        reply,
        await finishRegistration(ctx, contextOf(request), {
          body: request.body,
          action: WEBAUTHN_ROUTES.register,
        }),
      ),
  );
  for (const [url, mode] of [
    [WEBAUTHN_ROUTES.authenticateStartPrimary, 'primary'],
    [WEBAUTHN_ROUTES.authenticateStartSecondary, 'secondary'],
  ] as const) {
    const config = { product: 'passkeys', session: mode === 'secondary' ? 'required' : 'none' } as const;
    app.post(url, { schema: { body: AuthenticateStartBody }, config }, async (request, reply) =>
      sendData(
        reply,
        await startAuthentication(ctx, contextOf(request), { body: request.body, mode, action: url }),
      ),
    );
  }
  app.post(
    WEBAUTHN_ROUTES.authenticate,
    // A signed-in caller's session gets the factor added (SPEC §4 secondary calls).
    { schema: { body: AuthenticateBody }, config: { product: 'passkeys', session: 'optional' } },
    async (request, reply) =>
      sendData(
        reply,
        await finishAuthentication(ctx, contextOf(request), {
          body: request.body,
          action: WEBAUTHN_ROUTES.authenticate,
        }),
      ),
  );
  app.put(
    '/webauthn/update/:id',
    { schema: { params: RegistrationParams, body: UpdateBody }, config: signedIn },
    async (request, reply) =>
      sendData(
        reply,
        await updateRegistration(ctx, contextOf(request), { id: request.params.id, name: request.body.name }),
      ),
  );
}
