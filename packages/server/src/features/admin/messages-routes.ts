// Issue 26 item 3 (Messages): "resend". What a message carries cannot be sent again as it was: a login link's token is
// single use, only its SHA-256 is stored, and sending a newer link kills the older ones (security-tests.md TK-01,
// TK-03) — so the stored body of a used link is dead, and of an unused one would be a second copy of a live
// credential. A resend therefore re-issues: for an e-mail, a fresh login link to the same address, through the same
// service (and the same rate limits) as the admin login-link action, provided a user of the project owns the address.
// A passcode (SMS, WhatsApp, e-mail OTP) belongs to the sign-in that asked for it — the code is checked against
// that attempt — so it is never re-sent; the user asks for a new one. The call is recorded like every admin call
// (`admin_api.called`, admin-plugin.ts), with the operator as the actor.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../infra/context';
import { findMessageLogEntry } from '../../infra/delivery';
import { ApiError } from '../../infra/errors';
import { sendMagicLink } from '../magic-links';
import { ADMIN_ERROR_RESPONSES, AdminError, adminProject, ProjectParams } from './admin-request';
import { adminRequestContext } from './users-actions-routes';

const MessageParams = Type.Object({
  ...ProjectParams.properties,
  message_id: Type.String({ minLength: 1, maxLength: 200 }),
});

export async function registerAdminMessageRoutes(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const admin = root.withTypeProvider<TypeBoxTypeProvider>();

  admin.post(
    '/projects/:project_id/messages/:message_id/resend',
    {
      // The support desk's "send a login link", reached from the message rather than the user.
      config: { adminScope: 'users:support' },
      schema: {
        tags: ['Messages'],
        summary: "Send a fresh login link to an e-mail message's recipient (never the stored body again)",
        description:
          'For an e-mail message whose address a user of the project owns: a new single-use login link is issued and e-mailed to it (404 email_not_found when no user owns it). Text messages carry passcodes, which belong to the sign-in that asked for them: 400, the user asks for a new code.',
        params: MessageParams,
        body: Type.Optional(Type.Object({})),
        response: {
          200: Type.Object({
            message_id: Type.String(),
            user_id: Type.String(),
            email: Type.String(),
          }),
          ...ADMIN_ERROR_RESPONSES,
          502: AdminError,
        },
      },
    },
    async (request) => {
      const project = await adminProject(ctx, request, request.params.project_id);
      const message = await findMessageLogEntry(ctx.db, {
        projectId: project.id,
        id: request.params.message_id,
      });
      if (message === null) throw new ApiError('not_found', 'This project has no message with this id.');
      if (message.channel !== 'email') {
        throw new ApiError(
          'invalid_admin_request',
          'A text message carries a passcode for one sign-in and is never sent again; the user asks for a new code.',
        );
      }
      const sent = await sendMagicLink(ctx, adminRequestContext(request, project), {
        body: { email: message.to },
        mode: 'primary',
        action: 'admin_login_link',
      });
      return { message_id: message.id, user_id: sent.user_id, email: message.to };
    },
  );
}
