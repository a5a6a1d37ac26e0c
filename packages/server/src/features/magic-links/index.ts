export { assertValidEmail, MAX_EMAIL_LENGTH, parseEmail } from './email-address';
export type { MagicLinkEmailInput, RenderedEmail } from './email-template';
export { DEFAULT_TEMPLATE_ID, renderMagicLinkEmail } from './email-template';
export {
  buildMagicLinkUrl,
  parseRedirectUrl,
  type RedirectAllowlist,
  redirectAllowlist,
  resolveRedirectUrl,
} from './redirect-url';
export { registerMagicLinkRoutes } from './routes';
export { AuthenticateMagicLinkBody, SendMagicLinkBody } from './schema';
export type { SendMagicLinkResult, SendMode } from './service';
export {
  authenticateMagicLink,
  MAX_EXPIRATION_MINUTES,
  MIN_EXPIRATION_MINUTES,
  sendMagicLink,
  UNABLE_TO_AUTH_MESSAGE,
} from './service';
export type { MagicLinkKind } from './types';
