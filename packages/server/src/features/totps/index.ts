export type { ImportedTotp } from './bulk-import';
export { insertImportedTotps, totpSecretsForExport } from './bulk-import';
export { registerTotpRoutes, TOTP_ROUTES } from './routes';
export { reencryptTotpSecrets } from './service';
