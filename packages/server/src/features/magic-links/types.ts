// Shapes shared by the login-link service, routes and template.

/** A signup link goes to a user created by this request (or still pending); a login link to an existing user. */
export type MagicLinkKind = 'login' | 'signup';
