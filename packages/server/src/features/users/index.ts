export type { AdminUserFilters } from './admin-user-search';
export { adminUserIdsAfter } from './admin-user-search';
export type { BulkExecutor, ExportedUserRecord, ImportedUserRecord } from './bulk-import';
export {
  deferUserProfiles,
  existingUserIds,
  importedExternalIds,
  insertImportedUsers,
  ownedEmails,
  ownedPhoneNumbers,
  refreshUserProfiles,
  takenUsernames,
  usersPageForExport,
} from './bulk-import';
export type { StrippedAccount } from './first-proof';
export type { CreatedBy, FoundIdentifier, IdentifierKind, IdentifierRow } from './identifiers';
export {
  claimIdentifier,
  duplicateIdentifier,
  findIdentifierById,
  findOrCreateUserByIdentifier,
  findOwnedIdentifier,
  insertOwnedIdentifier,
  insertUserWithIdentifier,
  isRedeemableBy,
} from './identifiers';
export { emailLimitKey, phoneLimitKey, signUpCheck, TOO_MANY_SIGN_UPS_MESSAGE } from './limit-keys';
export type { ProvenIdentifier } from './prove-identifier';
export { notifyAddedIdentifier, proveIdentifier } from './prove-identifier';
export { registerUserRoutes } from './routes';
export { messageLocale, rememberLocale, storedLocale } from './user-locale';
export type { SearchOperand, SearchQuery, SearchResult } from './user-search';
export { MAX_SEARCH_LIMIT, searchUsers } from './user-search';
export type { FindOrCreateUserByEmailOptions, FoundUser, UpdateUserOptions } from './user-service';
export {
  activateUser,
  deleteUser,
  deleteUserResource,
  findOrCreateUserByEmail,
  isUserOfProject,
  loadUser,
  normalizeEmail,
  updateUser,
} from './user-service';
