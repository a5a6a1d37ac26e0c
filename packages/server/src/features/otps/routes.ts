// SPEC §7: the passcode calls under /sdk/v1 (wire-format.md §4.5), all of the otp product (e-mail passcodes
// included). Routes are relative to the prefix.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
import { askedLocale } from '../../infra/message-locale';
import { contextOf } from '../../infra/request-context';
import { parseEmail } from '../magic-links/email-address';
import { assertMayClaim, type SessionRoute } from '../sessions/step-up';
import { rememberLocale } from '../users';
import type { IdentifierKind } from '../users/identifiers';
import type { OtpChannel } from './methods';
import { parsePhone } from './phone-number';
import { AuthenticateOtpBody, SendEmailOtpBody, SendPhoneOtpBody } from './schema';
import { authenticateOtp, type OtpSendMode, sendOtp } from './service';

export const OTP_CHANNELS: readonly OtpChannel[] = ['sms', 'whatsapp', 'email'];

export const OTP_ROUTES = ROUTES.otps;

const SEND_MODES: ReadonlyArray<readonly [(channel: OtpChannel) => string, OtpSendMode]> = [
  [OTP_ROUTES.loginOrCreate, 'login_or_create'],
  [OTP_ROUTES.sendPrimary, 'primary'],
  [OTP_ROUTES.sendSecondary, 'secondary'],
];

/** The destination a secondary send would claim, as the service normalises it (null: input it refuses). */
function claimed(
  channel: OtpChannel,
  body: SendPhoneOtpBody | SendEmailOtpBody,
): { kind: IdentifierKind; value: string | null } {
  if (channel === 'email') return { kind: 'email', value: parseEmail((body as SendEmailOtpBody).email) };
  return { kind: 'phone_number', value: parsePhone((body as SendPhoneOtpBody).phone_number)?.e164 ?? null };
}

export async function registerOtpRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  for (const channel of OTP_CHANNELS) {
    const body = channel === 'email' ? SendEmailOtpBody : SendPhoneOtpBody;
    for (const [path, mode] of SEND_MODES) {
      const config = { product: 'otp', session: mode === 'secondary' ? 'required' : 'none' } as const;
      const action = path(channel);
      app.post(action, { schema: { body }, config }, async (request, reply) => {
        // Issue 20 item 3 (features/sessions/step-up.ts): a secondary send to a destination nobody holds attaches it.
        if (mode === 'secondary') {
          await assertMayClaim(
            ctx,
            contextOf(request),
            `POST ${action}` as SessionRoute,
            claimed(channel, request.body),
          );
        }
        return sendData(
          reply,
          await sendOtp(ctx, contextOf(request), {
            channel,
            mode,
            body: request.body,
            action,
            locale: askedLocale(request.body, request.headers['accept-language']),
          }),
        );
      });
    }
  }
  app.post(
    OTP_ROUTES.authenticate,
    // A signed-in caller's session gets the factor added (SPEC §4 secondary calls).
    { schema: { body: AuthenticateOtpBody }, config: { product: 'otp', session: 'optional' } },
    async (request, reply) => {
      const signedIn = await authenticateOtp(ctx, contextOf(request), {
        body: request.body,
        action: OTP_ROUTES.authenticate,
      });
      // Issue 27 item 2: a sign-in with a `locale` makes it the user's last locale.
      await rememberLocale(ctx, signedIn.user_id, askedLocale(request.body, undefined));
      return sendData(reply, signedIn);
    },
  );
}
