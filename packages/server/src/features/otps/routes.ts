// SPEC §7: the passcode calls under /sdk/v1 (wire-format.md §4.5). Routes are relative to the prefix. The paths
// live here because @gatehouse/protocol ROUTES has no OTP entries yet (OTP_ROUTES mirrors its naming).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
import type { OtpChannel } from './methods';
import { AuthenticateOtpBody, SendEmailOtpBody, SendPhoneOtpBody } from './schema';
import { authenticateOtp, type OtpSendMode, sendOtp } from './service';

export const OTP_CHANNELS: readonly OtpChannel[] = ['sms', 'whatsapp', 'email'];

export const OTP_ROUTES = ROUTES.otps;

const SEND_MODES: ReadonlyArray<readonly [(channel: OtpChannel) => string, OtpSendMode]> = [
  [OTP_ROUTES.loginOrCreate, 'login_or_create'],
  [OTP_ROUTES.sendPrimary, 'primary'],
  [OTP_ROUTES.sendSecondary, 'secondary'],
];

export async function registerOtpRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  for (const channel of OTP_CHANNELS) {
    const body = channel === 'email' ? SendEmailOtpBody : SendPhoneOtpBody;
    for (const [path, mode] of SEND_MODES) {
      app.post(path(channel), { schema: { body } }, async (request, reply) =>
        sendData(reply, await sendOtp(ctx, { request, channel, mode, body: request.body })),
      );
    }
  }
  app.post(OTP_ROUTES.authenticate, { schema: { body: AuthenticateOtpBody } }, async (request, reply) =>
    sendData(reply, await authenticateOtp(ctx, { request, body: request.body })),
  );
}
