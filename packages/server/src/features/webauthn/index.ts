export type { ExportedWebauthnRegistration, ImportedWebauthnRegistration } from './bulk-import';
export {
  insertImportedWebauthnRegistrations,
  takenCredentialIds,
  webauthnRegistrationsForExport,
} from './bulk-import';
export type { Ceremony, ChallengeRecord } from './challenges';
export { CHALLENGE_BYTES, CHALLENGE_TTL_MS, consumeChallenge, createChallenge } from './challenges';
export {
  defaultRegistrationName,
  describeUserAgent,
  KNOWN_AAGUIDS,
  MAX_REGISTRATION_NAME_LENGTH,
} from './registration-name';
export {
  assertAllowedDomain,
  expectedOrigins,
  isRpIdForHost,
  MAX_CREDENTIAL_ID_BYTES,
  parseCredential,
  userHandleOf,
} from './relying-party';
export { registerWebauthnRoutes, WEBAUTHN_ROUTES } from './routes';
export {
  AuthenticateBody,
  AuthenticateStartBody,
  RegisterBody,
  RegisterStartBody,
  RegistrationParams,
  UpdateBody,
} from './schema';
export {
  CEREMONY_TIMEOUT_MS,
  DUPLICATE_REGISTRATION_MESSAGE,
  finishAuthentication,
  finishRegistration,
  REGISTRATION_NOT_FOUND_MESSAGE,
  SUPPORTED_ALGORITHM_IDS,
  startAuthentication,
  startRegistration,
  toWireRegistration,
  UNABLE_TO_AUTH_MESSAGE,
  updateRegistration,
} from './service';
