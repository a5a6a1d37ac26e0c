// One chunk for the screens of <ResetPassword> / mountResetPassword (screens.ts loads it).
export { PasswordConfirmation } from './password-confirmation';
export { PasswordResetForm } from './password-reset-form';
