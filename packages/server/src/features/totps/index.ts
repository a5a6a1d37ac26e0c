export { registerTotpRoutes, TOTP_ROUTES } from './routes';
export { reencryptTotpSecrets } from './service';
