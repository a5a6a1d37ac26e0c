// Issue 25 item 3: admin API keys — "`ADMIN_API_KEY` environment variable for the bootstrap key, more keys with
// scopes created through the API, stored hashed, shown once, last-used time". A key is `gh_admin_` and 32 random
// bytes; only its SHA-256 is stored (256 random bits need no slow hash) and found through a unique index, so the
// database compares hashes, never keys. The bootstrap key is compared in constant time and never stored.
import { randomUUID } from 'node:crypto';
import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { constantTimeEqual, randomToken, sha256 } from '../../infra/crypto';
import { adminApiKeys } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import type { AdminCaller } from './admin-request';
import { ADMIN_SCOPES, type AdminScope } from './admin-scopes';

export const ADMIN_KEY_PREFIX = 'gh_admin_';
/** The bootstrap key's id in events and `created_by`. */
export const BOOTSTRAP_KEY_ID = 'bootstrap';
/** last_used_at is written at most this often per key (a write per call would make every read a write). */
export const LAST_USED_RESOLUTION_MS = 60_000;
const SHOWN_PREFIX_LENGTH = ADMIN_KEY_PREFIX.length + 6;

/** An admin API key as listed (never the key: it is shown once, by createAdminApiKey). */
export interface AdminApiKey {
  id: string;
  name: string;
  /** The key's first characters, to tell keys apart. */
  prefix: string;
  scopes: AdminScope[];
  created_by: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

type KeyRow = typeof adminApiKeys.$inferSelect;

function toAdminApiKey(row: KeyRow): AdminApiKey {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as AdminScope[],
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
  };
}

export function adminUnauthorized(): ApiError {
  return new ApiError(
    'admin_unauthorized',
    'Unauthorized: send an admin API key as `Authorization: Bearer <key>` (ADMIN_API_KEY, or a key made through /admin/v1/api-keys), or the session token of a signed-in operator.',
  );
}

/** Whether `presented` is the bootstrap key (ADMIN_API_KEY), compared in constant time. */
export function isBootstrapKey(ctx: Pick<AppContext, 'config'>, presented: string): boolean {
  const bootstrap = ctx.config.adminApiKey;
  return bootstrap !== null && constantTimeEqual(sha256(presented), sha256(bootstrap));
}

/** The bearer token of an Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer ([\x21-\x7e]{1,512})$/i.exec(header.trim());
  return match?.[1] ?? null;
}

/** Who a presented key is, or 401 admin_unauthorized (no key, unknown, revoked: one answer). */
export async function authenticateAdminKey(
  ctx: Pick<AppContext, 'db' | 'clock' | 'config'>,
  presented: string | null,
): Promise<AdminCaller> {
  if (presented === null) throw adminUnauthorized();
  const hash = sha256(presented);
  if (isBootstrapKey(ctx, presented)) {
    return { actor: { type: 'admin_api_key', id: BOOTSTRAP_KEY_ID }, scopes: ADMIN_SCOPES };
  }
  if (!presented.startsWith(ADMIN_KEY_PREFIX)) throw adminUnauthorized();
  const [row] = await ctx.db
    .select()
    .from(adminApiKeys)
    .where(and(eq(adminApiKeys.keyHash, Buffer.from(hash)), isNull(adminApiKeys.revokedAt)))
    .limit(1);
  if (row === undefined) throw adminUnauthorized();
  const now = ctx.clock.now();
  await ctx.db
    .update(adminApiKeys)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(adminApiKeys.id, row.id),
        or(
          isNull(adminApiKeys.lastUsedAt),
          lt(adminApiKeys.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
        ),
      ),
    );
  return { actor: { type: 'admin_api_key', id: row.id }, scopes: row.scopes as AdminScope[] };
}

/** A new key with `scopes` (each held by its maker); the key itself is returned once and never again. */
export async function createAdminApiKey(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  options: { name: string; scopes: readonly AdminScope[]; maker: AdminCaller },
): Promise<{ apiKey: AdminApiKey; key: string }> {
  const beyond = options.scopes.filter((scope) => !options.maker.scopes.includes(scope));
  if (beyond.length > 0) {
    throw new ApiError(
      'invalid_admin_request',
      `A key cannot give scopes its maker does not hold: ${beyond.join(', ')}.`,
    );
  }
  const key = `${ADMIN_KEY_PREFIX}${randomToken(32)}`;
  const [row] = await ctx.db
    .insert(adminApiKeys)
    .values({
      id: `admin-api-key-${randomUUID()}`,
      name: options.name,
      prefix: key.slice(0, SHOWN_PREFIX_LENGTH),
      keyHash: Buffer.from(sha256(key)),
      scopes: [...new Set(options.scopes)],
      createdBy: options.maker.actor.id,
      createdAt: ctx.clock.now(),
    })
    .returning();
  return { apiKey: toAdminApiKey(row!), key };
}

export async function listAdminApiKeys(ctx: Pick<AppContext, 'db'>): Promise<AdminApiKey[]> {
  const rows = await ctx.db
    .select()
    .from(adminApiKeys)
    .orderBy(asc(adminApiKeys.createdAt), asc(adminApiKeys.id));
  return rows.map(toAdminApiKey);
}

/** Revokes a key at once (its next call answers 401); revoking twice keeps the first time. */
export async function revokeAdminApiKey(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  keyId: string,
): Promise<AdminApiKey> {
  const [row] = await ctx.db.select().from(adminApiKeys).where(eq(adminApiKeys.id, keyId)).limit(1);
  if (row === undefined) throw new ApiError('admin_api_key_not_found', 'No admin API key has this id.');
  if (row.revokedAt !== null) return toAdminApiKey(row);
  const [revoked] = await ctx.db
    .update(adminApiKeys)
    .set({ revokedAt: ctx.clock.now() })
    .where(eq(adminApiKeys.id, keyId))
    .returning();
  return toAdminApiKey(revoked!);
}
