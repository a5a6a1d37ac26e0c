// SPEC §7: the seven password calls under /sdk/v1 (wire-format.md §4.10), all of the passwords product. The
// captcha action of a protected call is its path as registered (infra/captcha.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
import { askedLocale } from '../../infra/message-locale';
import { contextOf } from '../../infra/request-context';
import { rememberLocale } from '../users';
import { resetByEmail, resetByExistingPassword, resetBySession, startEmailReset } from './resets';
import {
  AuthenticatePasswordBody,
  CreatePasswordBody,
  ResetByEmailBody,
  ResetByExistingPasswordBody,
  ResetBySessionBody,
  ResetStartBody,
  StrengthCheckBody,
} from './schema';
import { authenticatePassword, checkStrength, createPassword } from './service';

const P = ROUTES.passwords;

export async function registerPasswordRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  // A signed-in caller may sign in again (the factor joins their session, SPEC §4 secondary calls).
  const optional = { product: 'passwords', session: 'optional' } as const;
  const none = { product: 'passwords', session: 'none' } as const;

  app.post(P.create, { schema: { body: CreatePasswordBody }, config: optional }, async (request, reply) => {
    const created = await createPassword(ctx, contextOf(request), { body: request.body, action: P.create });
    // Issue 27 item 2: a sign-up with a `locale` makes it the user's last locale.
    await rememberLocale(ctx, created.user_id, askedLocale(request.body, undefined));
    return sendData(reply, created);
  });
  app.post(
    P.authenticate,
    { schema: { body: AuthenticatePasswordBody }, config: optional },
    async (request, reply) =>
      sendData(
        reply,
        await authenticatePassword(ctx, contextOf(request), {
          body: request.body,
          action: P.authenticate,
          locale: askedLocale(request.body, request.headers['accept-language']),
        }),
      ),
  );
  app.post(P.emailResetStart, { schema: { body: ResetStartBody }, config: none }, async (request, reply) =>
    sendData(
      reply,
      await startEmailReset(ctx, contextOf(request), {
        body: request.body,
        action: P.emailResetStart,
        locale: askedLocale(request.body, request.headers['accept-language']),
      }),
    ),
  );
  app.post(P.emailReset, { schema: { body: ResetByEmailBody }, config: optional }, async (request, reply) =>
    sendData(
      reply,
      await resetByEmail(ctx, contextOf(request), { body: request.body, action: P.emailReset }),
    ),
  );
  app.post(
    P.existingPasswordReset,
    { schema: { body: ResetByExistingPasswordBody }, config: optional },
    async (request, reply) =>
      sendData(
        reply,
        await resetByExistingPassword(ctx, contextOf(request), {
          body: request.body,
          action: P.existingPasswordReset,
        }),
      ),
  );
  app.post(
    P.sessionReset,
    { schema: { body: ResetBySessionBody }, config: { product: 'passwords', session: 'required' } },
    async (request, reply) =>
      sendData(
        reply,
        await resetBySession(ctx, contextOf(request), { body: request.body, action: P.sessionReset }),
      ),
  );
  app.post(P.strengthCheck, { schema: { body: StrengthCheckBody }, config: none }, async (request, reply) =>
    sendData(
      reply,
      await checkStrength(ctx, contextOf(request), { body: request.body, action: P.strengthCheck }),
    ),
  );
}
