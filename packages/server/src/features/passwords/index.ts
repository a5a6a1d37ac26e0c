export { registerPasswordRoutes } from './routes';
export {
  AuthenticatePasswordBody,
  CreatePasswordBody,
  ResetByEmailBody,
  ResetByExistingPasswordBody,
  ResetBySessionBody,
  ResetStartBody,
  StrengthCheckBody,
} from './schema';
export {
  DEFAULT_RESET_EXPIRATION_MINUTES,
  RESET_PASSWORD_MESSAGE,
  UNABLE_TO_RESET_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from './service';
