// Issue 9 item 3: POST /sdk/v1/captcha/challenge { action } → { challenge } — an ALTCHA v2 challenge bound to one
// protected call (its path relative to /sdk/v1) and this project, harder the more this IP asked for
// (infra/captcha.ts DIFFICULTY_STEPS). Behind the normal public-token auth; no product: any protected call of any
// product may need one.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import { ACTION_PATTERN, issueChallengeWithWork } from '../../infra/captcha';
import { type AppContext, sendData } from '../../infra/context';
import { contextOf } from '../../infra/request-context';
import { recordCaptchaIssued } from '../audit';

export const CaptchaChallengeBody = Type.Object({
  action: Type.String({ pattern: ACTION_PATTERN, maxLength: 201 }),
});
export type CaptchaChallengeBody = Static<typeof CaptchaChallengeBody>;

export async function registerCaptchaRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  app.post(ROUTES.captchaChallenge, { schema: { body: CaptchaChallengeBody } }, async (request, reply) => {
    const context = contextOf(request);
    const { action } = request.body;
    const { challenge, maxCounter } = await issueChallengeWithWork(ctx, context, action);
    // Issue 26 item 3: the Security screen counts challenges handed out and shows their current work.
    await recordCaptchaIssued(ctx, context, { action, maxCounter });
    return sendData(reply, { challenge });
  });
}
