// Issue 24 items 2-4: Clerk users as JSON — the User objects of Clerk's Backend API (`GET /v1/users`, a JSON array;
// also `{ "data": [...] }` or JSON lines), which is what `clerk migrate export clerk` pages through. Clerk's API never
// returns password digests, TOTP secrets, backup codes or passkey public keys (its export guide says so), so a user
// who had them is imported without them and the summary says which (`password_enabled`, `totp_enabled`,
// `backup_code_enabled`, `passkeys[i]`); for passwords, import the dashboard CSV instead (clerk.ts).
//
// Read: id, username, first_name, last_name, created_at (Unix ms), email_addresses[] / phone_numbers[] (verified when
// `verification.status` is "verified"; the primary one first), web3_wallets[] (verified Ethereum and Solana
// addresses), external_accounts[] (`provider` "oauth_<name>" and `provider_user_id`) as OAuth links when Gatehouse
// has that provider, banned → blocked, public_metadata → trusted_metadata, unsafe_metadata → untrusted_metadata.
// Reported as dropped: private_metadata (clerk.ts CLERK_PRIVATE_METADATA_REASON), locked, external_id,
// saml_accounts / enterprise_accounts, an uploaded profile image, legal_accepted_at, and any key not listed here.
import type { ParsedExport, PortableUser } from '../portable-user';
import { CLERK_BACKUP_CODES_REASON, CLERK_PRIVATE_METADATA_REASON, clerkTimestamp } from './clerk-common';
import {
  addEmail,
  addPhone,
  assertObjectRow,
  type DropField,
  dropUnknownFields,
  isEmptyValue,
  isRecord,
  jsonRows,
  malformedRow,
  newPortableUser,
  OAUTH_PROVIDER_KEYS,
  optionalArray,
  optionalBoolean,
  optionalObject,
  optionalString,
  readEmail,
  readPhone,
  readRows,
  readUsername,
  requiredString,
} from './common';

export function parseClerkApiUsers(text: string): ParsedExport {
  return readRows(jsonRows(text, { arrayKey: 'data' }), readClerkApiUser, (value) =>
    isRecord(value) && typeof value.id === 'string' ? value.id : null,
  );
}

/** Keys read above, and keys that hold no user data (ids, Clerk's own bookkeeping and settings). */
const KNOWN_KEYS: ReadonlySet<string> = new Set([
  'id',
  'object',
  'username',
  'first_name',
  'last_name',
  'created_at',
  'updated_at',
  'email_addresses',
  'phone_numbers',
  'web3_wallets',
  'external_accounts',
  'passkeys',
  'primary_email_address_id',
  'primary_phone_number_id',
  'primary_web3_wallet_id',
  'password_enabled',
  'password_last_updated_at',
  'totp_enabled',
  'backup_code_enabled',
  'two_factor_enabled',
  'mfa_enabled_at',
  'mfa_disabled_at',
  'banned',
  'locked',
  'lockout_expires_in_seconds',
  'verification_attempts_remaining',
  'public_metadata',
  'private_metadata',
  'unsafe_metadata',
  'external_id',
  'saml_accounts',
  'enterprise_accounts',
  'image_url',
  'profile_image_url',
  'has_image',
  'legal_accepted_at',
  'last_sign_in_at',
  'last_active_at',
  'create_organization_enabled',
  'create_organizations_limit',
  'delete_self_enabled',
]);

/** Clerk provider names whose Gatehouse key differs (Clerk's LinkedIn is OpenID Connect, Gatehouse's is too). */
const PROVIDER_ALIASES: Record<string, string> = { linkedin_oidc: 'linkedin', x: 'twitter' };

function verified(entry: Record<string, unknown>, field: string): boolean {
  const verification = optionalObject(entry.verification, `${field}.verification`);
  return optionalString(verification.status, `${field}.verification.status`) === 'verified';
}

/** The entries of a list with the one whose `id` is `primaryId` first (Clerk lists them in creation order). */
function primaryFirst(entries: unknown[], primaryId: string | null): Array<[number, unknown]> {
  const indexed = entries.map((entry, index): [number, unknown] => [index, entry]);
  return indexed.sort(([, a], [, b]) => {
    const isPrimary = (entry: unknown) => isRecord(entry) && entry.id === primaryId;
    return Number(isPrimary(b)) - Number(isPrimary(a));
  });
}

function readClerkApiUser(value: unknown, drop: DropField): PortableUser {
  const row = assertObjectRow(value);
  const user = newPortableUser(requiredString(row.id, 'id'));
  user.name.first_name = optionalString(row.first_name, 'first_name') ?? '';
  user.name.last_name = optionalString(row.last_name, 'last_name') ?? '';
  user.username = readUsername(optionalString(row.username, 'username'), 'username', drop);
  user.created_at = clerkTimestamp(row.created_at, 'created_at');
  // Issue 24 item 2: a user banned in Clerk is refused at every sign-in here.
  user.blocked = optionalBoolean(row.banned, 'banned') ?? false;

  const primaryEmail = optionalString(row.primary_email_address_id, 'primary_email_address_id');
  for (const [index, entry] of primaryFirst(
    optionalArray(row.email_addresses, 'email_addresses'),
    primaryEmail,
  )) {
    const field = `email_addresses[${index}]`;
    const email = optionalObject(entry, field);
    addEmail(user, readEmail(email.email_address, `${field}.email_address`), verified(email, field));
  }
  const primaryPhone = optionalString(row.primary_phone_number_id, 'primary_phone_number_id');
  for (const [index, entry] of primaryFirst(
    optionalArray(row.phone_numbers, 'phone_numbers'),
    primaryPhone,
  )) {
    const field = `phone_numbers[${index}]`;
    const phone = optionalObject(entry, field);
    addPhone(user, readPhone(phone.phone_number, `${field}.phone_number`), verified(phone, field));
  }
  readWallets(row, user, drop);
  readExternalAccounts(row, user, drop);
  for (const [index] of optionalArray(row.passkeys, 'passkeys').entries()) {
    drop(
      `passkeys[${index}]`,
      "Clerk's API does not give a passkey's public key, so it cannot sign in here; the user registers it again.",
    );
  }

  if (optionalBoolean(row.password_enabled, 'password_enabled') === true) {
    drop(
      'password_enabled',
      "Clerk's API gives no password digest (only the dashboard CSV export does): the user signs in another way or resets the password.",
    );
  }
  if (optionalBoolean(row.totp_enabled, 'totp_enabled') === true) {
    drop(
      'totp_enabled',
      "Clerk's API gives no TOTP secret (only the dashboard CSV export does): the user sets up the authenticator app again.",
    );
  }
  if (optionalBoolean(row.backup_code_enabled, 'backup_code_enabled') === true)
    drop('backup_code_enabled', CLERK_BACKUP_CODES_REASON);
  if (optionalBoolean(row.locked, 'locked') === true) {
    drop(
      'locked',
      "Clerk's lock is temporary (after failed sign-ins); Gatehouse counts failed sign-ins afresh.",
    );
  }

  user.trusted_metadata = optionalObject(row.public_metadata, 'public_metadata');
  user.untrusted_metadata = optionalObject(row.unsafe_metadata, 'unsafe_metadata');
  if (!isEmptyValue(optionalObject(row.private_metadata, 'private_metadata')))
    drop('private_metadata', CLERK_PRIVATE_METADATA_REASON);
  if (!isEmptyValue(row.external_id)) {
    drop(
      'external_id',
      "Gatehouse keeps one id from the source, Clerk's `id`; the id before Clerk is not kept.",
    );
  }
  for (const key of ['saml_accounts', 'enterprise_accounts']) {
    for (const [index] of optionalArray(row[key], key).entries()) {
      drop(
        `${key}[${index}]`,
        'Gatehouse has no SAML or enterprise single sign-on connection to link it to.',
      );
    }
  }
  if (row.has_image === true && !isEmptyValue(row.image_url))
    drop('image_url', 'Gatehouse stores no profile image.');
  if (!isEmptyValue(row.legal_accepted_at))
    drop('legal_accepted_at', 'Gatehouse keeps no record of accepted terms.');
  dropUnknownFields(row, KNOWN_KEYS, drop, "Not a field of Clerk's User object that Gatehouse imports.");
  return user;
}

function readWallets(row: Record<string, unknown>, user: PortableUser, drop: DropField): void {
  for (const [index, entry] of optionalArray(row.web3_wallets, 'web3_wallets').entries()) {
    const field = `web3_wallets[${index}]`;
    const wallet = optionalObject(entry, field);
    const address = requiredString(wallet.web3_wallet, `${field}.web3_wallet`);
    if (!verified(wallet, field)) {
      drop(field, 'The wallet was never verified in Clerk.');
    } else if (/^0x[0-9a-fA-F]{40}$/.test(address)) {
      user.crypto_wallets.push({
        crypto_wallet_address: address.toLowerCase(),
        crypto_wallet_type: 'ethereum',
      });
    } else if (/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) {
      user.crypto_wallets.push({ crypto_wallet_address: address, crypto_wallet_type: 'solana' });
    } else {
      throw malformedRow(`${field} is not an Ethereum or Solana address.`);
    }
  }
}

function readExternalAccounts(row: Record<string, unknown>, user: PortableUser, drop: DropField): void {
  for (const [index, entry] of optionalArray(row.external_accounts, 'external_accounts').entries()) {
    const field = `external_accounts[${index}]`;
    const account = optionalObject(entry, field);
    const provider = requiredString(account.provider, `${field}.provider`).toLowerCase();
    const name = provider.replace(/^oauth_/, '');
    const key = PROVIDER_ALIASES[name] ?? name;
    if (!OAUTH_PROVIDER_KEYS.has(key)) {
      drop(field, `Gatehouse has no "${name.slice(0, 40)}" OAuth provider.`);
      continue;
    }
    const subject = requiredString(account.provider_user_id, `${field}.provider_user_id`);
    user.oauth_registrations.push({ provider_type: key, provider_subject: subject });
  }
}
