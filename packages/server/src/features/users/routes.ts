// GET/PUT /sdk/v1/users/me and the six DELETE /users/{kind}/{id} routes (wire-format.md §4.2, SPEC §7).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES, USER_RESOURCE_KINDS, type User, type UserResourceKind } from '@gatehouse/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { CaptchaFields } from '../../infra/body-fields';
import { type AppContext, type RequestContext, sendData } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { contextOf } from '../../infra/request-context';
import { assertRecentAuthentication } from '../sessions/recent-authentication';
import { signedIn } from '../sessions/session-service';
import { searchUser } from './search';
import { assertStorableJson, assertStorableText } from './storable';
import { deleteUserResource, loadUser, updateUser } from './user-service';

const NamePart = Type.String({ maxLength: 256 });

const UpdateBody = Type.Object(
  {
    name: Type.Optional(
      Type.Object(
        {
          first_name: Type.Optional(NamePart),
          middle_name: Type.Optional(NamePart),
          last_name: Type.Optional(NamePart),
        },
        { additionalProperties: false },
      ),
    ),
    untrusted_metadata: Type.Optional(Type.Object({}, { additionalProperties: true, maxProperties: 100 })),
  },
  { additionalProperties: false },
);

const SearchBody = Type.Object({ email: Type.String({ minLength: 1, maxLength: 1024 }), ...CaptchaFields });

const ResourceParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** Answer of PUT /users/me and the DELETE routes (UserMutationResponse). */
function mutationFields(user: User) {
  return {
    user_id: user.user_id,
    __user: user,
    emails: user.emails,
    phone_numbers: user.phone_numbers,
    crypto_wallets: user.crypto_wallets,
  };
}

async function signedInUser(ctx: AppContext, userId: string): Promise<User> {
  const user = await loadUser(ctx, userId);
  if (!user) throw new ApiError('user_unauthenticated', 'The user of this session no longer exists.');
  return user;
}

export async function registerUserRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();

  // Every route here acts on the signed-in user: the request-context hook resolves the session first.
  const config = { session: 'required' } as const;

  app.get('/users/me', { config }, async (request, reply) => {
    // The session lookup already joined the user's stored wire JSON (users.profile): no second query.
    const { userJson } = signedIn(contextOf(request));
    // wire-format.md §4.2: the User object flattened at the top level of `data`.
    return sendData(reply, JSON.parse(userJson) as User);
  });

  app.put('/users/me', { schema: { body: UpdateBody }, config }, async (request, reply) => {
    const rc = contextOf(request);
    const { userId } = signedIn(rc);
    const { name, untrusted_metadata } = request.body;
    // Checked before anything is written: Postgres text/jsonb reject NUL and lone surrogates (would be a 500).
    for (const [field, value] of Object.entries(name ?? {})) assertStorableText(`name.${field}`, value);
    if (untrusted_metadata) assertStorableJson('untrusted_metadata', untrusted_metadata);
    const written = await updateUser(ctx, {
      userId,
      name,
      untrustedMetadata: untrusted_metadata as Record<string, unknown> | undefined,
      selfUpdate: rc,
    });
    if (!written) {
      // Either the user vanished (then signedInUser answers user_unauthenticated) or the merged document is too big.
      await signedInUser(ctx, userId);
      throw new ApiError('invalid_user_metadata', 'untrusted_metadata would exceed the maximum size.');
    }
    return sendData(reply, mutationFields(await signedInUser(ctx, userId)));
  });

  // Issue 10: the password flow's lookup; no session, the passwords product.
  app.post(
    ROUTES.usersSearch,
    { schema: { body: SearchBody }, config: { product: 'passwords', session: 'none' } },
    async (request, reply) =>
      sendData(
        reply,
        await searchUser(ctx, contextOf(request), {
          email: request.body.email,
          captchaToken: request.body.captcha_token ?? null,
          action: ROUTES.usersSearch,
        }),
      ),
  );

  for (const kind of USER_RESOURCE_KINDS) {
    app.delete(`/users/${kind}/:id`, { schema: { params: ResourceParams }, config }, async (request, reply) =>
      deleteRoute(ctx, kind, contextOf(request), reply, request.params.id),
    );
  }
}

async function deleteRoute(
  ctx: AppContext,
  kind: UserResourceKind,
  request: RequestContext,
  reply: FastifyReply,
  id: string,
): Promise<FastifyReply> {
  const { userId } = signedIn(request);
  // Issue 13 item 1 / issue 20 item 3 (SS-08): the second factor, and for a passkey or the authenticator app a recent
  // sign-in, are checked by the route hook (features/sessions/step-up.ts SESSION_ROUTE_RULES). Removing the user's
  // last verified e-mail address or phone number needs a recent sign-in too: decided inside the removal.
  await deleteUserResource(ctx, request, {
    kind,
    id,
    userId,
    projectId: request.project.id,
    beforeRemovingLastIdentifier: () => assertRecentAuthentication(ctx, request),
  });
  return sendData(reply, mutationFields(await signedInUser(ctx, userId)));
}
