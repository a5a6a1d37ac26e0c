// Issue 14 items 3 and 4: one user as the importer writes it and the exporter reads it. Each provider's export
// (Stytch, Clerk, Auth0) is parsed into this shape (provider-formats/), the pipeline writes it (import-users.ts),
// and `npm run export` writes every user of a project as one PortableUser per line (JSON lines), so an export is
// also an import file (`--from gatehouse`).
//
// Password hashes are PHC strings (https://github.com/P-H-C/phc-string-format): `$<id>$<params>$<salt>$<hash>`,
// salt and hash in unpadded standard base64 ("B64"), except bcrypt, which keeps its own modular-crypt form. The ids
// (password-schemes.ts verifies each; anything else is refused row by row as `unsupported_password_hash`):
//   argon2id / argon2i / argon2d   `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` (the reference encoding)
//   bcrypt                         `$2a$10$…`, `$2b$…`, `$2y$…` (as bcrypt writes it)
//   scrypt                         `$scrypt$ln=<log2 N>,r=<r>,p=<p>$<salt>$<hash>` (key length = hash length)
//   firebase-scrypt                `$firebase-scrypt$ln=<mem_cost>,r=<rounds>,p=1,ss=<B64 salt separator>,
//                                   sk=<B64 signer key>$<salt>$<hash>` (Firebase's modified scrypt)
//   pbkdf2-sha1 / -sha256 / -sha512  `$pbkdf2-sha256$i=<iterations>,l=<key length>$<salt>$<hash>`
//   salted-sha1 / -sha256 / -sha512  `$salted-sha256$pos=prefix|suffix$<salt>$<hash>` (hash = SHA(salt‖password)
//                                   or SHA(password‖salt); an empty salt field is plain SHA)
// Only argon2id with today's parameters is "current"; every other hash verifies once and is replaced by argon2id
// at that sign-in (issue 14 item 3).

/** A user in the Gatehouse export format; `null` for what the source does not carry (DESIGN.md convention 8). */
export interface PortableUser {
  /**
   * The user's id in the system it comes from (a Stytch `user_id`, a Clerk `id`, an Auth0 `user_id`, or the
   * Gatehouse `user_id` in our own export). Importing is idempotent on (project, external_id).
   */
  external_id: string;
  /**
   * The Gatehouse user id to keep, when the source's ids are ours in form (`user-test-<uuid>` / `user-live-<uuid>`:
   * Stytch and Gatehouse exports), so an application's own tables that reference user ids keep working; null: a
   * new id is made.
   */
  user_id: string | null;
  status: 'active' | 'pending';
  /**
   * Issue 24 item 2: the source barred the user (Auth0 `blocked: true`): imported, but refused at every sign-in and
   * session check (features/users blocking). An import file without the field reads as false.
   */
  blocked: boolean;
  /**
   * Issue 24 item 3: the user's username in the source (Clerk, Auth0), stored and shown (users.username, the user
   * object's `username`), unique per project case-insensitively; it does not sign in (README "Usernames"). Null:
   * none. An import file without the field reads as null.
   */
  username: string | null;
  /** ISO 8601; null: the time of the import. */
  created_at: string | null;
  name: { first_name: string; middle_name: string; last_name: string };
  /** Lower-cased addresses; `verified` is what the source says the user proved. */
  emails: Array<{ email: string; verified: boolean }>;
  /** E.164 numbers. */
  phone_numbers: Array<{ phone_number: string; verified: boolean }>;
  /** Linked social accounts: the provider key of wire-format.md §1.3 and the provider's subject. */
  oauth_registrations: Array<{ provider_type: string; provider_subject: string }>;
  /** A PHC string (see above), or null when the user has no password. */
  password_hash: string | null;
  /**
   * Issue 20 item 6: the password must be reset before it signs in again (a breached password, or one an operator
   * flagged): the right password then answers `reset_password` (SPEC §4), as before the move. Meaningless without a
   * `password_hash`; an import file without the field (an export from before it) reads as false.
   */
  password_requires_reset: boolean;
  /** Verified authenticator apps: the RFC 6238 secret in base32 (SHA-1, 6 digits, 30 s). */
  totps: Array<{ secret_base32: string }>;
  /** Passkeys and security keys. */
  webauthn_registrations: Array<{
    /** base64url credential id. */
    credential_id: string;
    /** base64url COSE_Key of the credential's public key. */
    public_key: string;
    sign_count: number;
    transports: string[];
    /** The relying party id it was made for. */
    domain: string;
    name: string;
    authenticator_type: string;
  }>;
  crypto_wallets: Array<{ crypto_wallet_address: string; crypto_wallet_type: 'ethereum' | 'solana' }>;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
}

/** The providers `npm run import -- --from <provider>` reads. */
export const IMPORT_SOURCES = ['stytch', 'clerk', 'auth0', 'gatehouse'] as const;
export type ImportSource = (typeof IMPORT_SOURCES)[number];

/** Why a row of an export was not imported; reported in the summary with the row's number and id. */
export interface SkippedRow {
  /** 1-based row (line of a CSV or JSON-lines file, element of a JSON array). */
  row: number;
  /** The source id when the row had one. */
  external_id: string | null;
  /** A stable key (`malformed_row`, `unsupported_password_hash`, `email_taken`, …) and a sentence. */
  reason: string;
  message: string;
}

/**
 * Issue 24 item 4 ("nothing dropped silently"): a field of a row that was read but not imported, and why — e.g.
 * `{ field: "identities[1]", reason: "Gatehouse has no \"apple\" OAuth provider." }`. The row itself is imported.
 */
export interface DroppedField {
  /** The field's path in the source row (`mfa_factors[0].push`, `identities[1]`, `backup_codes`). */
  field: string;
  reason: string;
}

/** A row of the summary's per-row report of dropped fields. */
export interface RowDroppedFields {
  row: number;
  external_id: string;
  fields: DroppedField[];
}

/** A parsed export: the users, and the rows refused while parsing (each on its own, never the whole file). */
export interface ParsedExport {
  /** `dropped`: what the parser read but could not import for that row (empty when nothing was left out). */
  users: Array<{ row: number; user: PortableUser; dropped: DroppedField[] }>;
  skipped: SkippedRow[];
  /**
   * Issue 24 item 4: set when the file's rows look like another format than the one asked for (e.g. `--from clerk`
   * given an Auth0 file): the format's name and a sentence. The rows are still read (and then mostly refused).
   */
  looksLike?: { source: string; message: string };
}
