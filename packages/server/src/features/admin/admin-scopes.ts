// Issue 25 item 3: what an admin API key may do. Each /admin/v1 route names the one scope it needs in its config
// (`config: { adminScope }`); a route without one does not register (admin-plugin.ts). The bootstrap key
// (ADMIN_API_KEY) holds every scope; a key made through the API holds what it was given, never more than its maker.

export const ADMIN_SCOPES = [
  'users:read',
  'users:write',
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
] as const;

export type AdminScope = (typeof ADMIN_SCOPES)[number];

export function isAdminScope(value: string): value is AdminScope {
  return (ADMIN_SCOPES as readonly string[]).includes(value);
}
