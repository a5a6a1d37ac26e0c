// Issue 24: what Clerk's CSV reader (clerk.ts) and JSON reader (clerk-api.ts) share.
import { malformedRow } from './common';

/** Clerk's backup codes (no Clerk export has them, its migration tool takes them): Gatehouse makes its own. */
export const CLERK_BACKUP_CODES_REASON =
  'Gatehouse makes its own TOTP recovery codes; the user creates new ones after signing in.';

export const CLERK_PRIVATE_METADATA_REASON =
  "Gatehouse has no metadata hidden from the user's own session; copied into trusted_metadata it would be shown to the browser.";

/** A Clerk time: ISO 8601, or Unix milliseconds (Clerk's API); null when empty. */
export function clerkTimestamp(value: unknown, field: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  const time =
    typeof value === 'number' || (typeof value === 'string' && /^[0-9]{10,15}$/.test(value))
      ? Number(value)
      : typeof value === 'string'
        ? Date.parse(value)
        : Number.NaN;
  if (!Number.isFinite(time)) throw malformedRow(`${field} is not a date and time.`);
  return new Date(time).toISOString();
}
