export type { ImportedOAuthRegistration } from './bulk-import';
export {
  insertImportedOAuthRegistrations,
  oauthRegistrationsForExport,
  takenProviderSubjects,
} from './bulk-import';
export type { ResolvedProviderConfig } from './config';
export { oauthProviderConfig, reencryptOAuthSecrets, saveOAuthProviderConfigs } from './config';
export type { OAuthProviderDeclaration, OAuthProviderDeclarations } from './file-schema';
export { callbackUrl, errorRedirect, stateCookieName } from './flow';
export type { CompleteProviderLoginOptions, ProviderUser } from './login';
export { buildOAuthRedirect, completeProviderLogin, findOrCreateProviderUser } from './login';
export { CALLBACK_ERRORS, type CallbackErrorCode } from './messages';
export type { PresetTable } from './preset-table';
export { DEFAULT_PRESETS, overridePresets, presetFor } from './preset-table';
export { registerOAuthPublicRoutes, registerOAuthRoutes } from './routes';
export { oauthFactor } from './service';
