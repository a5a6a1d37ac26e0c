// One chunk for the password screens of the login widget (screens.ts loads it).
export { PasswordConfirmation } from './password-confirmation';
export { PasswordCreateOrLogin } from './password-create-or-login';
export { PasswordEmailSent } from './password-email-sent';
