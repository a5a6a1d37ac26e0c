export type { FoundIdentifier, IdentifierKind, IdentifierRow } from './identifiers';
export {
  claimIdentifier,
  duplicateIdentifier,
  findIdentifierById,
  findOrCreateUserByIdentifier,
  findOwnedIdentifier,
  insertUserWithIdentifier,
  isRedeemableBy,
  proveIdentifier,
} from './identifiers';
export { emailLimitKey, phoneLimitKey, signUpCheck, TOO_MANY_SIGN_UPS_MESSAGE } from './limit-keys';
export { registerUserRoutes } from './routes';
export type { FindOrCreateUserByEmailOptions, FoundUser, UpdateUserOptions } from './user-service';
export {
  activateUser,
  deleteUserResource,
  findOrCreateUserByEmail,
  loadUser,
  normalizeEmail,
  updateUser,
} from './user-service';
