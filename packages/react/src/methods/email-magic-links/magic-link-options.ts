// wire-format.md §7.2: emailMagicLinksOptions → loginOrCreate options. createUserAsPending is never sent and
// domainHint only picks the inbox-link domain. Absent values are left out (the server applies SPEC §9's
// 30-minute default).
import type { MagicLinkLoginOrCreateOptions } from '../../client-contract';
import type { EmailMagicLinksOptions } from '../../config';

export function magicLinkOptions(options: EmailMagicLinksOptions | undefined): MagicLinkLoginOrCreateOptions {
  const result: MagicLinkLoginOrCreateOptions = {};
  if (options === undefined) return result;
  if (options.loginRedirectURL !== undefined) result.login_magic_link_url = options.loginRedirectURL;
  if (options.signupRedirectURL !== undefined) result.signup_magic_link_url = options.signupRedirectURL;
  if (options.loginExpirationMinutes !== undefined)
    result.login_expiration_minutes = options.loginExpirationMinutes;
  if (options.signupExpirationMinutes !== undefined)
    result.signup_expiration_minutes = options.signupExpirationMinutes;
  if (options.loginTemplateId !== undefined) result.login_template_id = options.loginTemplateId;
  if (options.signupTemplateId !== undefined) result.signup_template_id = options.signupTemplateId;
  return result;
}
