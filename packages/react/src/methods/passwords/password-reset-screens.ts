// One chunk for the screens of <ResetPassword> / mountResetPassword (screens.ts loads it).
export { PasswordResetConfirmation } from './password-confirmation';
export { PasswordResetForm } from './password-reset-form';
