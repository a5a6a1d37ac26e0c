// Issue 25 item 3: what an admin API key may do. Each /admin/v1 route names the one scope it needs in its config
// (`config: { adminScope }`); a route without one does not register (admin-plugin.ts). The bootstrap key
// (ADMIN_API_KEY) holds every scope; a key made through the API holds what it was given, never more than its maker.
//
// Issue 26 item 2: operators of the console call the same routes with their session; their role names their scopes
// (ROLE_SCOPES). Two scopes are implied rather than granted: `self` (GET /me: every authenticated caller holds it) and
// `users:support` (held by whoever holds `users:write`, so keys made before it existed keep every user action).

export const ADMIN_SCOPES = [
  'users:read',
  'users:write',
  /**
   * Issue 26 item 2: the support desk's three user actions — send a login link, end sessions, unblock — without
   * the rest of users:write (block, delete, update, create, remove a factor). users:write implies it.
   */
  'users:support',
  'events:read',
  'stats:read',
  'projects:read',
  'projects:write',
  'webhooks:read',
  'webhooks:write',
  'messages:read',
  'imports:write',
  /** Every user with password hashes and factors: as sensitive as the database itself. */
  'users:export',
  'keys:read',
  'keys:write',
  /** Issue 26 item 2: the console's operators (GET /operators) and changing them (add, change a role, remove). */
  'operators:read',
  'operators:write',
  /**
   * Issue 26 item 3 (System): the instance's health — database and migrations, Redis, mail and SMS providers, the
   * webhook backlog, version and counters. Owners and admins (and the bootstrap key); no read-only role.
   */
  'system:read',
  /** Who the caller is (GET /me): implied for every authenticated caller, never needs granting. */
  'self',
] as const;

export type AdminScope = (typeof ADMIN_SCOPES)[number];

export function isAdminScope(value: string): value is AdminScope {
  return (ADMIN_SCOPES as readonly string[]).includes(value);
}

/**
 * What a caller holding `granted` may do: the granted scopes plus the implied ones (`self` always, `users:support`
 * with `users:write`), in ADMIN_SCOPES order.
 */
export function effectiveScopes(granted: readonly AdminScope[]): AdminScope[] {
  const held = new Set<AdminScope>([...granted, 'self']);
  if (held.has('users:write')) held.add('users:support');
  return ADMIN_SCOPES.filter((scope) => held.has(scope));
}

/** Issue 26 item 2: the console's roles. */
export const OPERATOR_ROLES = ['owner', 'admin', 'support', 'viewer', 'auditor'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export function isOperatorRole(value: string): value is OperatorRole {
  return (OPERATOR_ROLES as readonly string[]).includes(value);
}

const OPERATOR_MANAGEMENT: readonly AdminScope[] = ['operators:read', 'operators:write'];

/** The read-only scopes: a viewer's (their answers are masked besides, admin-masking.ts). */
const READ_ONLY: readonly AdminScope[] = [
  'users:read',
  'events:read',
  'stats:read',
  'projects:read',
  'webhooks:read',
  'messages:read',
  'keys:read',
];

/**
 * Issue 26 item 2 "Roles: owner, admin, support (read users and logs, send a login link, revoke sessions, unblock;
 * no settings, no delete), viewer (read-only, personal data masked), auditor (logs only)". The owner holds
 * everything; an admin everything but changing (or listing) operators.
 */
export const ROLE_SCOPES: Readonly<Record<OperatorRole, readonly AdminScope[]>> = {
  owner: effectiveScopes(ADMIN_SCOPES),
  admin: effectiveScopes(ADMIN_SCOPES.filter((scope) => !OPERATOR_MANAGEMENT.includes(scope))),
  support: effectiveScopes(['users:read', 'users:support', 'events:read', 'stats:read', 'messages:read']),
  viewer: effectiveScopes(READ_ONLY),
  auditor: effectiveScopes(['events:read']),
};

/** Roles whose answers have personal data masked (admin-masking.ts). */
export function roleIsMasked(role: OperatorRole): boolean {
  return role === 'viewer';
}
