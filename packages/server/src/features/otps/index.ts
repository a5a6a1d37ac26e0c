export { codeKey, codeMatches, generateCode, hashCode } from './code';
export { TOO_MANY_GUESSES_MESSAGE, TOO_MANY_SENDS_MESSAGE } from './limits';
export type { OtpChannel } from './methods';
export type { ParsedPhone } from './phone-number';
export { assertValidPhone, INVALID_PHONE_MESSAGE, parsePhone, phonePrefix } from './phone-number';
export { OTP_CHANNELS, OTP_ROUTES, registerOtpRoutes } from './routes';
export { AuthenticateOtpBody, SendEmailOtpBody, SendPhoneOtpBody } from './schema';
export type { OtpSendMode, SendOtpResult } from './service';
export {
  assertOtpExpiration,
  authenticateOtp,
  MAX_OTP_ATTEMPTS,
  MAX_OTP_EXPIRATION_MINUTES,
  MIN_OTP_EXPIRATION_MINUTES,
  sendOtp,
  UNABLE_TO_AUTH_OTP_MESSAGE,
} from './service';
export type { OtpMessageInput, OtpMessageKind, RenderedOtpEmail } from './templates';
export { renderOtpEmail, renderOtpText } from './templates';
