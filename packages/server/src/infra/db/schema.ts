// One Postgres schema for every store (DESIGN.md "Storage"); PGlite and PostgreSQL run the same migrations.
// SPEC §3 "Session and user": users carry e-mails, phone numbers, OAuth links, passkeys, wallets, TOTPs,
// biometric registrations, a password, name, status and metadata. Later sign-in methods add their own tables
// (login-link tokens, passcodes, challenges) in their own migrations without reshaping these.
import type { ProjectTheme } from '@gatehouse/protocol';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Bootstrap settings of a project (wire-format.md §4.11), kept as one JSON document. */
export interface ProjectSettings {
  disable_sdk_watermark: boolean;
  cname_domain: string | null;
  email_domains: string[];
  captcha_settings: { enabled: false } | { enabled: true; siteKey: string };
  pkce_required_for_email_magic_links: boolean;
  pkce_required_for_password_resets: boolean;
  pkce_required_for_oauth: boolean;
  password_config: { luds_complexity: number; luds_minimum_count: number } | null;
  rbac_policy: Record<string, unknown> | null;
  /**
   * SMS and WhatsApp passcodes this project may send per day, together (issue 9 item 1, BF-05 SMS pumping); null:
   * the server's paidSendsPerProject limit (infra/rate-limits.ts, RATE_LIMITS). Not a bootstrap field.
   */
  sms_daily_limit: number | null;
  /** ISO 3166-1 alpha-2 regions whose numbers may receive SMS/WhatsApp passcodes; null: every region (BF-05). */
  sms_allowed_countries: string[] | null;
  /**
   * Issue 12 item 1: an Ethereum JSON-RPC URL (project file) through which contract wallets' EIP-1271
   * `isValidSignature` is asked when a signature recovers to another address; absent or null: EOAs only. Not a
   * bootstrap field.
   */
  ethereum_rpc_url?: string | null;
  /**
   * Issue 24 item 5 (lazy migration, features/passwords/lazy-migration.ts): the old provider's sign-in endpoint a
   * password sign-in of an unknown or hash-less address asks once; absent or null: never asked. https in production
   * (infra/production-checks.ts). Not a bootstrap field.
   */
  password_migration_url?: string | null;
  /**
   * Issue 24 item 5: the bearer secret sent to password_migration_url, encrypted under SECRET_KEY (infra/secret-box.ts
   * purpose 'password-migration-secret', context: the project id) and base64-encoded; the project file's
   * `password_migration_secret` in plain text is never stored. Absent or null: no Authorization header. Never sent
   * to a browser (not a bootstrap field) and never logged.
   */
  password_migration_secret_ciphertext?: string | null;
  /**
   * Issue 13 item 1 (SPEC §4 "a session becomes authenticated after TOTP or a recovery code"): when true, a
   * first-factor sign-in of a user with a verified authenticator app is not enough; the app steps the session up
   * with a code (its factors then include `totp` or `recovery_code`). Absent: false. Bootstrap field
   * `require_second_factor`.
   */
  require_second_factor?: boolean;
  /**
   * Issue 20 item 3 (security-tests.md SS-08): minutes after the session's last sign-in within which changing a
   * password by session, removing a passkey or TOTP and removing the last identifier are allowed; later they answer
   * 403 reauthentication_required. Absent: 10 (infra/project-settings.ts). Not a bootstrap field.
   */
  reauthentication_window_minutes?: number;
  /**
   * Issue 20 item 5 (BF-09, NIST 800-63B §5.2.2): consecutive wrong passwords, or wrong codes of an authenticator
   * app, after which that method needs a reset (password) or a recovery code (TOTP). Absent: 100, the most allowed.
   */
  max_consecutive_failures?: number;
  /**
   * Issue 20 item 6: the longest lifetime, in minutes, of a login or reset link; a client asking for more gets this.
   * Absent: 60. SPEC §9's 30-minute default is unchanged.
   */
  max_link_expiration_minutes?: number;
  /**
   * Issue 26 "Branding": the widget's theme (wire-format.md §7.3 keys, infra/theme-schema.ts), set in the project
   * file or the console's Branding screen. Absent or null: the widget's defaults. Bootstrap field `theme`.
   */
  theme?: ProjectTheme | null;
  /**
   * Development project only: the revision of the secure defaults it was brought up to (ensureDevProject; issue 20
   * item 6, revision 1: pkce_required_for_oauth), so a dev project created before a revision gets it once. Absent: 0.
   * Not a bootstrap field.
   */
  dev_defaults_revision?: number;
}

export const projects = pgTable('projects', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  publicTokenTest: text('public_token_test').notNull().unique(),
  publicTokenLive: text('public_token_live').notNull().unique(),
  /** SHA-256 of the project secret (backend API); the secret itself is shown once. */
  secretHash: bytea('secret_hash').notNull(),
  allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
  allowedRedirectUrls: text('allowed_redirect_urls').array().notNull().default(sql`'{}'::text[]`),
  enabledProducts: text('enabled_products').array().notNull().default(sql`'{}'::text[]`),
  settings: jsonb('settings').$type<ProjectSettings>().notNull(),
  isDevelopment: boolean('is_development').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    status: text('status').$type<'active' | 'pending'>().notNull().default('active'),
    firstName: text('first_name').notNull().default(''),
    middleName: text('middle_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    trustedMetadata: jsonb('trusted_metadata').$type<Record<string, unknown>>().notNull().default({}),
    untrustedMetadata: jsonb('untrusted_metadata').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    /**
     * The wire User (wire-format.md §4.1) as JSON text, denormalized for the session check (issue 2: ≥ 15,000
     * req/s). Never written by the application: PostgreSQL triggers (migration 0005_user_profile_triggers) rebuild
     * it on every change of this row or of one of its sub-records, so every reader sees the committed state.
     */
    profile: text('profile').notNull().default(''),
    /**
     * Issue 14 item 3: the user's id in the system it was imported from (features/import), or null. Importing is
     * idempotent on (project_id, external_id): a row whose id is already here is counted, not written again.
     */
    externalId: text('external_id'),
    /**
     * Issue 24 item 3: a username brought by an import (Clerk, Auth0), shown in the user object; unique per project
     * whatever its case. It does not sign in (README "Usernames").
     */
    username: text('username'),
    /**
     * Issue 24 item 2 (Auth0 `blocked`): when set, the user is refused at every sign-in and session check
     * (features/users/blocking.ts); `blockedReason` says why, for operators.
     */
    blockedAt: timestamp('blocked_at', { withTimezone: true, mode: 'date' }),
    blockedReason: text('blocked_reason'),
    /**
     * Issue 26 item 3 (the console's users list: "last sign-in range", sort by last sign-in): when a session was last
     * issued or extended by a proof (sessions/session-service.ts), or null. Not part of `profile`: the users trigger
     * ignores an update of this column alone (migration 0025), so a sign-in does not rebuild the document.
     */
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true, mode: 'date' }),
    /**
     * Issue 27 item 2: the shipped locale (packages/protocol locales.ts) the user last asked for explicitly — a
     * message request's `locale` — or null. Messages sent without such a request (security notices) are written in
     * it (infra/message-locale.ts). Not part of `profile`: the users trigger fires only for its listed columns
     * (migration 0025), so writing it does not rebuild the document.
     */
    locale: text('locale'),
  },
  (t) => [
    // Issue 26 item 4: the console's users list, newest first by keyset (created_at, id), at a million users walks
    // this index (backwards: ORDER BY created_at DESC, id DESC) instead of sorting the project's users; it answers
    // project_id alone as users_project_idx did.
    index('users_project_created_idx').on(t.projectId, t.createdAt, t.id),
    // The blocked users, newest first (the console's "blocked" filter): a handful among millions.
    index('users_project_blocked_idx')
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`${t.blockedAt} IS NOT NULL`),
    // Issue 26 item 3: the list by last sign-in, either way, by keyset; never signed in sorts as the earliest.
    index('users_project_last_sign_in_idx').on(
      t.projectId,
      sql`coalesce(${t.lastSignInAt}, '-infinity'::timestamptz)`,
      t.id,
    ),
    // Issue 26 item 3: the users with nothing verified (the list's `verified=false`, usually few), newest first.
    index('users_project_unverified_idx')
      .on(t.projectId, t.createdAt, t.id)
      .where(sql`NOT gatehouse_profile_verified(${t.profile})`),
    // Issue 26 item 3: the metadata filter (`key = value`, containment) on either kind of metadata.
    index('users_trusted_metadata_idx').using('gin', sql`${t.trustedMetadata} jsonb_path_ops`),
    index('users_untrusted_metadata_idx').using('gin', sql`${t.untrustedMetadata} jsonb_path_ops`),
    uniqueIndex('users_project_username_uq')
      .on(t.projectId, sql`lower(${t.username})`)
      .where(sql`${t.username} IS NOT NULL`),
    uniqueIndex('users_project_external_id_uq')
      .on(t.projectId, t.externalId)
      .where(sql`${t.externalId} IS NOT NULL`),
  ],
);

const userRef = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });
const projectRef = () =>
  text('project_id')
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' });

/**
 * DESIGN.md convention 13 / issue 8 (pre-account takeover): an address attached by a secondary send is a pending
 * claim of the session that sent it (`claim_session_id`) until that session redeems its link or code. No sign-in
 * resolves a user through a claim, so only rows with `claim_session_id IS NULL` (the owner's) are unique per
 * project; several users may claim one address at once, each at most once. A claim dies with its session.
 */
const claimSession = () =>
  text('claim_session_id').references((): AnyPgColumn => sessions.id, { onDelete: 'cascade' });

export const userEmails = pgTable(
  'user_emails',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    projectId: projectRef(),
    /** Stored lower-cased; unique per project among owned rows. */
    email: text('email').notNull(),
    verified: boolean('verified').notNull().default(false),
    /** The session whose secondary send attached this address, until it redeems; null = the user owns it. */
    claimSessionId: claimSession(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_emails_project_email_uq')
      .on(t.projectId, t.email)
      .where(sql`${t.claimSessionId} IS NULL`),
    uniqueIndex('user_emails_project_email_user_uq').on(t.projectId, t.email, t.userId),
    index('user_emails_user_idx').on(t.userId),
    index('user_emails_claim_session_idx').on(t.claimSessionId),
  ],
);

export const userPhoneNumbers = pgTable(
  'user_phone_numbers',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    projectId: projectRef(),
    /** E.164; unique per project among owned rows. */
    phoneNumber: text('phone_number').notNull(),
    verified: boolean('verified').notNull().default(false),
    /** As on user_emails: the claiming session until it redeems a code; null = the user owns it. */
    claimSessionId: claimSession(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('user_phone_numbers_project_phone_uq')
      .on(t.projectId, t.phoneNumber)
      .where(sql`${t.claimSessionId} IS NULL`),
    uniqueIndex('user_phone_numbers_project_phone_user_uq').on(t.projectId, t.phoneNumber, t.userId),
    index('user_phone_numbers_user_idx').on(t.userId),
    index('user_phone_numbers_claim_session_idx').on(t.claimSessionId),
  ],
);

export const oauthRegistrations = pgTable(
  'oauth_registrations',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    projectId: projectRef(),
    providerType: text('provider_type').notNull(),
    providerSubject: text('provider_subject').notNull(),
    profilePictureUrl: text('profile_picture_url').notNull().default(''),
    locale: text('locale').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_registrations_subject_uq').on(t.projectId, t.providerType, t.providerSubject),
    index('oauth_registrations_user_idx').on(t.userId),
  ],
);

export const webauthnRegistrations = pgTable(
  'webauthn_registrations',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    projectId: projectRef(),
    /** base64url credential id; unique across users (WebAuthn L3 §7.1 step 26). */
    credentialId: text('credential_id').notNull(),
    publicKey: bytea('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    domain: text('domain').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    authenticatorType: text('authenticator_type').notNull().default(''),
    aaguid: text('aaguid').notNull().default(''),
    name: text('name').notNull().default(''),
    isPasskey: boolean('is_passkey').notNull().default(false),
    backedUp: boolean('backed_up').notNull().default(false),
    verified: boolean('verified').notNull().default(true),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
  },
  (t) => [
    uniqueIndex('webauthn_registrations_credential_uq').on(t.projectId, t.credentialId),
    index('webauthn_registrations_user_idx').on(t.userId),
  ],
);

export const cryptoWallets = pgTable(
  'crypto_wallets',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    projectId: projectRef(),
    address: text('address').notNull(),
    walletType: text('wallet_type').notNull(),
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crypto_wallets_address_uq').on(t.projectId, t.walletType, t.address),
    index('crypto_wallets_user_idx').on(t.userId),
  ],
);

export const totps = pgTable(
  'totps',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    projectId: projectRef(),
    /** The base32 secret, AES-GCM under SECRET_KEY ('totp-secret', context: the row id; issue 13 item 1). */
    secretCiphertext: bytea('secret_ciphertext').notNull(),
    verified: boolean('verified').notNull().default(false),
    /**
     * The RFC 6238 time step of the last accepted code (security-tests.md BF-06: a code is accepted once per step;
     * a later code must be of a later step). Null until a code was accepted.
     */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    /** An enrolment not confirmed with a code by then is unusable and purged; null once verified. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [index('totps_user_idx').on(t.userId), index('totps_expires_idx').on(t.expiresAt)],
);

/** Issue 13 item 1: ten single-use recovery codes per TOTP, stored only as SHA-256 (security-tests.md TK-05). */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: text('id').primaryKey(),
    totpId: text('totp_id')
      .notNull()
      .references(() => totps.id, { onDelete: 'cascade' }),
    projectId: projectRef(),
    codeHash: bytea('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('totp_recovery_codes_hash_uq').on(t.totpId, t.codeHash)],
);

export const biometricRegistrations = pgTable(
  'biometric_registrations',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    projectId: projectRef(),
    publicKey: bytea('public_key'),
    verified: boolean('verified').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('biometric_registrations_user_idx').on(t.userId)],
);

export const passwords = pgTable('passwords', {
  id: text('id').primaryKey(),
  userId: userRef().unique(),
  /** argon2id PHC string (roadmap 5). */
  hash: text('hash').notNull(),
  requiresReset: boolean('requires_reset').notNull().default(false),
  createdAt: createdAt(),
});

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    /** SHA-256 of the opaque session token; the token itself is never stored. */
    tokenHash: bytea('token_hash').notNull(),
    startedAt: at('started_at').notNull().defaultNow(),
    lastAccessedAt: at('last_accessed_at').notNull().defaultNow(),
    expiresAt: at('expires_at').notNull(),
    ipAddress: text('ip_address').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** wire-format.md §4.1 AuthenticationFactor[], newest last. */
    authenticationFactors: jsonb('authentication_factors')
      .$type<Record<string, unknown>[]>()
      .notNull()
      .default([]),
    customClaims: jsonb('custom_claims').$type<Record<string, unknown> | null>(),
    /**
     * Issue 20 item 3 (security-tests.md SS-08): when this session's user last proved a credential they already held
     * (the session's start, or a later secondary sign-in with an existing credential). A proof that ATTACHES something
     * new (a claimed address, a new wallet or social account) does not move it, so a stale session cannot make itself
     * recent by attaching its own credential. Changing a password by session, removing a passkey or TOTP and removing
     * the last identifier need it within the project's reauthentication window.
     */
    authenticatedAt: at('authenticated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_uq').on(t.tokenHash),
    index('sessions_user_idx').on(t.userId),
    index('sessions_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Signing keys for session JWTs (jose), one set per project (issue 8 item 4; infra/keys.ts), kept in the database
 * so every instance signs and verifies alike. The private key is stored only encrypted under SECRET_KEY
 * (infra/secret-box.ts, purpose 'session-signing-key'), so a copy of the database cannot mint a session.
 */
export const signingKeys = pgTable(
  'signing_keys',
  {
    kid: text('kid').primaryKey(),
    projectId: projectRef(),
    algorithm: text('algorithm').notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    /** The private JWK as JSON, AES-256-GCM with associated data `<project_id>/<kid>`. */
    privateKeyCiphertext: bytea('private_key_ciphertext').notNull(),
    createdAt: createdAt(),
    /** After this the key no longer signs (rotation). */
    retiresAt: at('retires_at').notNull(),
    /** After this the key leaves the JWKS. */
    expiresAt: at('expires_at').notNull(),
  },
  (t) => [index('signing_keys_project_idx').on(t.projectId, t.createdAt)],
);

/**
 * Fingerprints of the server secrets that encrypt data in this database (infra/secret-key.ts): one row, name
 * 'SECRET_KEY'. Start-up compares it with the configured secret's fingerprint and refuses a different secret
 * instead of failing later on every decryption; SECRET_KEY_PREVIOUS rotation replaces it.
 */
export const secretFingerprints = pgTable('secret_fingerprints', {
  name: text('name').primaryKey(),
  /** infra/secret-box.ts SecretBox.fingerprint (an HMAC under a derived key, never the secret). */
  fingerprint: text('fingerprint').notNull(),
  createdAt: createdAt(),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** POST /events telemetry, bounded: the oldest rows are dropped first. */
export const telemetryEvents = pgTable(
  'telemetry_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id'),
    eventName: text('event_name').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    telemetry: jsonb('telemetry').$type<Record<string, unknown>>().notNull().default({}),
    errorCode: text('error_code'),
    receivedAt: at('received_at').notNull().defaultNow(),
  },
  (t) => [index('telemetry_events_project_idx').on(t.projectId, t.id)],
);

/**
 * Issue 25 item 1: the event log — append-only, one row per thing that happened (features/audit), written in the
 * transaction of the change it records where there is one. `seq` orders it (cursor pagination, the live tail);
 * `subject_user_id` has no foreign key so a deleted user's history stays. No secret ever enters `payload`
 * (features/audit/event-types.ts builds each payload from named fields only).
 */
export const events = pgTable(
  'events',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    /** Null only for an instance-wide admin action (an admin API key created or revoked): no project is its subject. */
    projectId: text('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    occurredAt: at('occurred_at').notNull().defaultNow(),
    /** `user` (the subject acting for themself), `anonymous`, `backend_api`, `operator`, `admin_api_key`, `system`. */
    actorType: text('actor_type').notNull(),
    actorId: text('actor_id'),
    subjectUserId: text('subject_user_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    requestId: text('request_id'),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('events_seq_uq').on(t.seq),
    index('events_project_seq_idx').on(t.projectId, t.seq),
    index('events_project_subject_seq_idx')
      .on(t.projectId, t.subjectUserId, t.seq)
      .where(sql`${t.subjectUserId} IS NOT NULL`),
    index('events_project_type_seq_idx').on(t.projectId, t.type, t.seq),
    index('events_occurred_idx').on(t.occurredAt),
  ],
);

/**
 * Issue 25 item 2: where a project's events are delivered (features/webhooks), by the Standard Webhooks
 * specification. `source` 'file' rows mirror the project file (replaced at each start); 'api' rows are managed
 * through the admin API. The signing secret (`whsec_…`) is stored only encrypted under SECRET_KEY
 * ('webhook-secret', context: the row id). `failing_since` is the first failure since the last success; an endpoint
 * failing for a day gets `disabled_at` and receives nothing until an operator re-enables it.
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    secretCiphertext: bytea('secret_ciphertext').notNull(),
    /** Event type filters: `*`, `user.*` or an exact type (features/audit eventTypeMatches). */
    eventFilters: text('event_filters').array().notNull().default(sql`'{}'::text[]`),
    source: text('source').$type<'file' | 'api'>().notNull(),
    disabledAt: at('disabled_at'),
    failingSince: at('failing_since'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_project_idx').on(t.projectId)],
);

/**
 * Issue 25 item 2: the durable delivery queue and its log, one row per (event, endpoint), written in the event's
 * transaction. `body` is the signed JSON frozen at enqueue, so every attempt and replay sends the same bytes.
 * Statuses: pending (not tried yet, or in flight under a lease), failed (the last attempt failed; the next is at
 * next_attempt_at), succeeded, dead (retries exhausted). Workers claim due rows through
 * `webhook_deliveries_due_idx` with FOR UPDATE SKIP LOCKED. `event_id` has no foreign key: a test event is not in
 * the event log, and the event purge must not take undelivered messages with it.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    projectId: text('project_id').notNull(),
    /** The event's id, also the `webhook-id` header of every attempt. */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    body: text('body').notNull(),
    status: text('status').$type<'pending' | 'succeeded' | 'failed' | 'dead'>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker may take it next (a claim moves it forward by the lease); null once succeeded or dead. */
    nextAttemptAt: at('next_attempt_at'),
    lastAttemptAt: at('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastLatencyMs: integer('last_latency_ms'),
    /** The first KiB of the last answer's body. */
    lastResponseExcerpt: text('last_response_excerpt'),
    /** Why the last attempt failed without an answer (timeout, refused address, connection error). */
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_project_created_idx').on(t.projectId, t.createdAt),
    // The purge (infra/purge.ts): the delivery log follows the event log's retention, oldest first.
    index('webhook_deliveries_created_idx').on(t.createdAt),
  ],
);

/** The dev outbox: every message that was not handed to SMTP or an SMS provider (development only). */
/**
 * Issue 26 item 3 (Messages): "every e-mail, SMS and WhatsApp message with status and provider answer". One row per
 * send, whichever way it went (SMTP, the SMS provider, the dev outbox), written after the send answered: where it
 * went, whether it was accepted, and what the provider said (SMTP's reply line, the SMS provider's message id and
 * status, or why it refused). Never the body — a login link or a passcode is a credential; in development the body
 * stays in outbox_messages (same id) for its own, shorter retention. Purged with the event log's retention.
 */
export const messageLog = pgTable(
  'message_log',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    projectId: text('project_id'),
    channel: text('channel').$type<'email' | 'sms' | 'whatsapp'>().notNull(),
    to: text('to').notNull(),
    /** An e-mail's subject (templates put no code or link in it); null for text messages. */
    subject: text('subject'),
    status: text('status').$type<'sent' | 'failed' | 'outbox'>().notNull(),
    /** smtp, sms_api, outbox, or custom (a Delivery the embedding code supplied). */
    provider: text('provider').notNull(),
    /** The provider's answer: SMTP reply, API status, or the refusal; at most 500 characters. */
    providerAnswer: text('provider_answer'),
    /** SMTP Message-ID or the SMS provider's message sid, to find it in the provider's own logs. */
    providerMessageId: text('provider_message_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('message_log_project_seq_idx').on(t.projectId, t.seq),
    index('message_log_project_to_idx').on(t.projectId, sql`lower(${t.to})`, t.seq),
    index('message_log_created_idx').on(t.createdAt),
  ],
);

export const outboxMessages = pgTable(
  'outbox_messages',
  {
    id: text('id').primaryKey(),
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    projectId: text('project_id'),
    channel: text('channel').$type<'email' | 'sms' | 'whatsapp'>().notNull(),
    to: text('to').notNull(),
    subject: text('subject'),
    text: text('text').notNull(),
    html: text('html'),
    links: text('links').array().notNull().default(sql`'{}'::text[]`),
    codes: text('codes').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index('outbox_messages_to_idx').on(t.to, t.seq),
    // Issue 23 item 6: the purge finds old messages by age (infra/purge.ts), not by scanning the whole outbox.
    index('outbox_messages_created_idx').on(t.createdAt),
  ],
);

/**
 * E-mail login links (issue 3, SPEC §7 POST /magic_links/…): only the SHA-256 of the token is stored
 * (security-tests.md TK-05); `used_at` makes redemption single use through one atomic UPDATE (TK-01).
 */
export const magicLinkTokens = pgTable(
  'magic_link_tokens',
  {
    id: text('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    emailId: text('email_id')
      .notNull()
      .references(() => userEmails.id, { onDelete: 'cascade' }),
    tokenHash: bytea('token_hash').notNull(),
    kind: text('kind').$type<'login' | 'signup'>().notNull(),
    redirectUrl: text('redirect_url').notNull(),
    /** Template id the caller asked for (stored; the built-in template renders the mail). */
    templateId: text('template_id'),
    /** RFC 7636 S256 challenge (base64url, 43 characters) or null when the link was sent without PKCE. */
    codeChallenge: text('code_challenge'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('magic_link_tokens_token_hash_uq').on(t.tokenHash),
    index('magic_link_tokens_email_idx').on(t.emailId),
    index('magic_link_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * One-time passcodes by SMS, WhatsApp and e-mail (issue 5; SPEC §7 POST /otps/…, §9 six digits, five minutes).
 * Only an HMAC of the code is stored (security-tests.md TK-05; features/otps/code.ts says why not a plain hash).
 * `attempts` is raised by one atomic UPDATE … WHERE attempts < 5 before any comparison (BF-04); `used_at` makes a
 * code single use (TK-01); `voided_at` marks codes replaced by a newer one or presented after expiry (TK-03).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: text('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    /** The phone_id (sms, whatsapp) or email_id (email) the code was sent to: the SDK's `method_id`. */
    methodId: text('method_id').notNull(),
    channel: text('channel').$type<'sms' | 'whatsapp' | 'email'>().notNull(),
    /** E.164 number or lower-cased address, as it was when the code was sent. */
    destination: text('destination').notNull(),
    codeHash: bytea('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    voidedAt: at('voided_at'),
    createdAt: createdAt(),
  },
  (t) => [index('otp_codes_method_idx').on(t.methodId), index('otp_codes_expires_idx').on(t.expiresAt)],
);

/**
 * WebAuthn ceremony challenges (issue 4; WebAuthn L3 §13.4.3, security-tests.md WA-01): 32 random bytes made on
 * the server, only their SHA-256 stored, bound to the ceremony (and, for registration and secondary sign-in, to the
 * user), valid five minutes and consumed by one atomic UPDATE … WHERE used_at IS NULL.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: text('id').primaryKey(),
    projectId: projectRef(),
    /** Registration and secondary sign-in: the signed-in user; primary (discoverable) sign-in: null. */
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    challengeHash: bytea('challenge_hash').notNull(),
    ceremony: text('ceremony')
      .$type<'registration' | 'authentication_primary' | 'authentication_secondary'>()
      .notNull(),
    /** The RP ID the options named (the requested `domain`). */
    rpId: text('rp_id').notNull(),
    /** Passkey ceremonies require user verification and (registration) a discoverable credential. */
    isPasskey: boolean('is_passkey').notNull(),
    /** Registration only: what register/start was told, stored on the new registration. */
    authenticatorType: text('authenticator_type').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_hash_uq').on(t.challengeHash),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Issue 12 item 1 (features/crypto-wallets/challenges.ts): the sign-in messages handed to wallets, one per start.
 * The message is stored as issued (it is what the wallet signs; its nonce is no secret once the wallet shows it),
 * bound to the project, wallet type, checksum/base58 address, chain and (secondary start) the session; single use
 * (`consumed_at`, set by one conditional UPDATE) and expiring after 10 minutes.
 */
export const cryptoWalletChallenges = pgTable(
  'crypto_wallet_challenges',
  {
    id: text('id').primaryKey(),
    projectId: projectRef(),
    walletType: text('wallet_type').$type<'ethereum' | 'solana'>().notNull(),
    /** Ethereum: EIP-55 checksum form; Solana: base58 public key as decoded and re-encoded. */
    address: text('address').notNull(),
    /** The EIP-4361 / Solana sign-in message, exactly as answered to the start. */
    message: text('message').notNull(),
    nonce: text('nonce').notNull(),
    /** The message's Chain ID: '1' / '11155111' (Ethereum), 'mainnet' / 'testnet' (Solana). */
    chainId: text('chain_id').notNull(),
    /** Secondary start: only this session may redeem the challenge (it dies with the session). */
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    /**
     * Issue 20 item 2 (security-tests.md AT-07): the client address that started it. A caller whose signature names no
     * challenge by its nonce is matched against the challenges started from its own address first, so starts by
     * strangers elsewhere cannot crowd out the owner's.
     */
    ipAddress: text('ip_address').notNull().default(''),
    expiresAt: at('expires_at').notNull(),
    consumedAt: at('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('crypto_wallet_challenges_nonce_uq').on(t.nonce),
    index('crypto_wallet_challenges_wallet_idx').on(t.projectId, t.walletType, t.address, t.createdAt),
    index('crypto_wallet_challenges_expires_idx').on(t.expiresAt),
    // Issue 23 item 6: every deleted session (sign-out, revoke, the purge) cascades here; without it each one scans.
    index('crypto_wallet_challenges_session_idx').on(t.sessionId).where(sql`${t.sessionId} IS NOT NULL`),
  ],
);

/**
 * Rate-limit counters when the app runs on PostgreSQL and no REDIS_URL is set (issue 9 item 1): every instance on
 * the database shares one budget. The layout is the one rate-limiter-flexible's RateLimiterPostgres reads and
 * writes (its INSERT names no columns: key, points, expire in this order), created here so the limiter never runs
 * DDL itself (`tableCreated: true`, infra/rate-limit-store.ts). `key` is text rather than the library's
 * varchar(255): a key carries a limit name, an identifier and a window number, and an over-long e-mail address
 * must count, not fail. `expire` is milliseconds since the epoch on the server's clock; a row past it counts
 * nothing and is purged in batches (the expire index finds them). Migration 0008 creates it UNLOGGED (no WAL flush
 * on each counted call; emptied by a PostgreSQL crash or failover, when budgets simply start over).
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

/**
 * Password reset links (issue 10 item 1; wire-format.md §4.10 POST /passwords/email/reset/start and /reset): only the
 * SHA-256 of the token is stored (security-tests.md TK-05); `used_at` makes redemption single use through one atomic
 * UPDATE … WHERE used_at IS NULL (TK-01); the PKCE challenge of the start, when one was sent (wire-format.md §6).
 * A link goes to an address the user owns (never a pending claim) and dies with it.
 */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: text('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    emailId: text('email_id')
      .notNull()
      .references(() => userEmails.id, { onDelete: 'cascade' }),
    tokenHash: bytea('token_hash').notNull(),
    /** The reset_password_redirect_url the link points at (allowlisted). */
    redirectUrl: text('redirect_url').notNull(),
    templateId: text('template_id'),
    /** RFC 7636 S256 challenge (base64url, 43 characters) or null when the start sent none. */
    codeChallenge: text('code_challenge'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_tokens_token_hash_uq').on(t.tokenHash),
    index('password_reset_tokens_email_idx').on(t.emailId),
    index('password_reset_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * OAuth clients per project (issue 11 item 1), written from the project file's `oauth_providers` at start. The
 * client id and the non-secret settings (endpoint overrides, scopes, One Tap, Apple team/key ids) are plain; the
 * client secret and Apple's private key are one JSON document encrypted under SECRET_KEY (infra/secret-box.ts,
 * purpose 'oauth-client-secret', context `<project_id>/<provider>`), so a database copy holds no usable secret.
 */
export const oauthProviderConfigs = pgTable(
  'oauth_provider_configs',
  {
    projectId: projectRef(),
    providerType: text('provider_type').notNull(),
    clientId: text('client_id').notNull(),
    /** features/oauth/config.ts StoredProviderSettings: endpoints, scopes, one_tap, apple team/key ids. */
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    /** AES-256-GCM of `{ client_secret?, apple_private_key? }`, or null when the client has no secret. */
    secretsCiphertext: bytea('secrets_ciphertext'),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oauth_provider_configs_uq').on(t.projectId, t.providerType)],
);

/**
 * One OAuth start (issue 11 item 1, security-tests.md TK-04): only the SHA-256 of `state` is stored, bound to the
 * browser by the SHA-256 of a random cookie value; deleted when the callback presents it (single use) or purged
 * after expires_at. The PKCE verifier toward the provider is encrypted ('oauth-provider-token', context: the row
 * id); the nonce is not a secret (it travels in the authorization URL) and is kept plain.
 */
export const oauthStates = pgTable(
  'oauth_states',
  {
    id: text('id').primaryKey(),
    projectId: projectRef(),
    tokenMode: text('token_mode').$type<'test' | 'live'>().notNull(),
    providerType: text('provider_type').notNull(),
    stateHash: bytea('state_hash').notNull(),
    browserBindingHash: bytea('browser_binding_hash').notNull(),
    codeVerifierCiphertext: bytea('code_verifier_ciphertext').notNull(),
    nonce: text('nonce'),
    /** The app's PKCE challenge (wire-format.md §6), checked at /oauth/authenticate; null when none was sent. */
    codeChallenge: text('code_challenge'),
    loginRedirectUrl: text('login_redirect_url').notNull(),
    signupRedirectUrl: text('signup_redirect_url').notNull(),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_states_state_hash_uq').on(t.stateHash),
    index('oauth_states_expires_idx').on(t.expiresAt),
  ],
);

/**
 * The single-use token the callback hands the app (`?stytch_token_type=oauth&token=…`), redeemed by POST
 * /sdk/v1/oauth/authenticate (wire-format.md §4.6): only its SHA-256 is stored (TK-05), `used_at` makes it single
 * use through one atomic UPDATE (TK-01), the app's PKCE challenge travels with it.
 */
export const oauthTokens = pgTable(
  'oauth_tokens',
  {
    id: text('id').primaryKey(),
    projectId: projectRef(),
    userId: userRef(),
    registrationId: text('registration_id')
      .notNull()
      .references(() => oauthRegistrations.id, { onDelete: 'cascade' }),
    /** The e-mail the provider vouched for, when it is the user's (the factor's email_id), else null. */
    emailId: text('email_id').references(() => userEmails.id, { onDelete: 'set null' }),
    tokenHash: bytea('token_hash').notNull(),
    codeChallenge: text('code_challenge'),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_tokens_token_hash_uq').on(t.tokenHash),
    index('oauth_tokens_expires_idx').on(t.expiresAt),
    // Issue 23 item 6: sign-ins drop other users' claims of a proven address (ON DELETE SET NULL lands here).
    index('oauth_tokens_email_idx').on(t.emailId).where(sql`${t.emailId} IS NOT NULL`),
  ],
);

/**
 * The provider's tokens of one registration, from its latest sign-in (wire-format.md §4.6 provider_values): the
 * access, ID and refresh tokens are one JSON document encrypted under SECRET_KEY ('oauth-provider-token', context:
 * the registration id). Dies with the registration.
 */
export const oauthProviderTokens = pgTable('oauth_provider_tokens', {
  registrationId: text('registration_id')
    .primaryKey()
    .references(() => oauthRegistrations.id, { onDelete: 'cascade' }),
  projectId: projectRef(),
  tokensCiphertext: bytea('tokens_ciphertext').notNull(),
  scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/**
 * One Google One Tap prompt (issue 11 item 2, security-tests.md TK-06), made by POST /sdk/v1/oauth/google/onetap/start:
 * the row id is the `oauth_callback_id` the widget sends back, and only the SHA-256 of the CSRF token is stored.
 * The ID token's nonce is derived from the CSRF token (features/oauth/one-tap.ts), so nothing else is kept. Deleted
 * by the submit that presents it (single use, whatever the outcome) or purged after expires_at.
 */
export const oauthOneTapRequests = pgTable(
  'oauth_one_tap_requests',
  {
    id: text('id').primaryKey(),
    projectId: projectRef(),
    tokenMode: text('token_mode').$type<'test' | 'live'>().notNull(),
    csrfTokenHash: bytea('csrf_token_hash').notNull(),
    expiresAt: at('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('oauth_one_tap_requests_csrf_uq').on(t.csrfTokenHash),
    index('oauth_one_tap_requests_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Issue 25 item 3: admin API keys made through the API (the bootstrap key is ADMIN_API_KEY, never stored). Only the
 * key's SHA-256 is kept (a 256-bit random key needs no slow hash); `prefix` is its first characters, shown in
 * listings so an operator can tell keys apart. `scopes` are features/admin/admin-scopes.ts ADMIN_SCOPES.
 */
export const adminApiKeys = pgTable(
  'admin_api_keys',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: bytea('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: createdAt(),
    lastUsedAt: at('last_used_at'),
    revokedAt: at('revoked_at'),
  },
  (t) => [uniqueIndex('admin_api_keys_hash_uq').on(t.keyHash)],
);

/**
 * Issue 26 item 2: the operators of the console — users of the reserved operators project (features/operators) and
 * the role each holds (owner, admin, support, viewer, auditor; features/admin/admin-scopes.ts maps roles to scopes).
 * One row per user; deleting the user removes the operator. `created_by`: the actor id that added them (an operator's
 * user id, an admin API key id, or `system` for CONSOLE_OWNER_EMAIL and the CLI).
 */
export const operators = pgTable(
  'operators',
  {
    id: text('id').primaryKey(),
    userId: userRef(),
    role: text('role').$type<'owner' | 'admin' | 'support' | 'viewer' | 'auditor'>().notNull(),
    createdAt: createdAt(),
    createdBy: text('created_by').notNull(),
  },
  (t) => [
    uniqueIndex('operators_user_uq').on(t.userId),
    check('operators_role_check', sql`${t.role} IN ('owner', 'admin', 'support', 'viewer', 'auditor')`),
  ],
);
