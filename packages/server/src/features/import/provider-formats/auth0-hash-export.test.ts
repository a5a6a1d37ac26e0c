// Issue 24 item 2: Auth0's password-hash export (the NDJSON its support sends), read by parseAuth0Export row by row
// beside the bulk import format, as the support article "How to Use the Password Hashes Export from Auth0" shows it.
import { describe, expect, it } from 'vitest';
import { verifyLegacyPassword } from '../password-schemes';
import { parseAuth0Export } from './auth0';

describe("Auth0's password-hash export (support's NDJSON)", () => {
  const line = (row: Record<string, unknown>) => JSON.stringify(row);
  const euclid = {
    _id: { $oid: '5dea9f9c82dd7c0e76e4ec93' },
    email_verified: false,
    email: 'nico9090@nico.com',
    passwordHash: '$2b$10$nFguVi9LsCAcvTZFKQlRKeLVydo8ETv483lkNsSFI/Wl1Rz1Ypo1K',
    password_set_date: { $date: '2019-12-06T18:36:12.412Z' },
    tenant: 'nico-sabena',
    connection: 'Username-Password-Authentication',
    _tmp_is_unique: true,
    alt_id: 'euclid',
  };

  it('is told apart by its fields: ids auth0|<alt_id> or auth0|<$oid>, the bcrypt hash kept, bookkeeping ignored', async () => {
    const { alt_id: _ignored, ...withoutAltId } = euclid;
    const parsed = parseAuth0Export(
      [
        line(euclid),
        line({ ...withoutAltId, _id: undefined, _ID: { $oid: '60425da93519d90068f82966' } }),
        line({
          _id: { $oid: '5dea9f9c82dd7c0e76e4ec95' },
          passwordHash: euclid.passwordHash,
          identifiers: [
            { type: 'email', value: 'Ivy@nico.com', verified: true },
            { type: 'phone_number', value: '+14155550123', verified: false },
            { type: 'username', value: 'ivy' },
          ],
        }),
      ].join('\n'),
    );
    expect(parsed.skipped).toEqual([]);
    expect(parsed.users.map(({ user }) => user.external_id)).toEqual([
      'auth0|euclid',
      'auth0|60425da93519d90068f82966',
      'auth0|5dea9f9c82dd7c0e76e4ec95',
    ]);
    expect(parsed.users.every(({ dropped }) => dropped.length === 0)).toBe(true);
    const first = parsed.users[0]!.user;
    expect(first.emails).toEqual([{ email: 'nico9090@nico.com', verified: false }]);
    expect(await verifyLegacyPassword(first.password_hash!, 'hello')).toBe(true);
    expect(parsed.users[2]!.user).toMatchObject({
      emails: [{ email: 'ivy@nico.com', verified: true }],
      phone_numbers: [{ phone_number: '+14155550123', verified: false }],
      username: 'ivy',
    });
  });

  it('refuses a row without an id or with a hash that is not bcrypt, and reports fields it does not know', () => {
    const parsed = parseAuth0Export(
      [
        line({ email: 'a@nico.com', passwordHash: euclid.passwordHash }),
        line({ ...euclid, passwordHash: '$1$md5crypt' }),
        line({ ...euclid, favourite_colour: 'teal' }),
      ].join('\n'),
    );
    expect(parsed.skipped).toEqual([
      expect.objectContaining({ row: 1, external_id: null, message: '_id.$oid is missing.' }),
      expect.objectContaining({
        row: 2,
        external_id: 'auth0|euclid',
        message: 'passwordHash is not a bcrypt hash.',
      }),
    ]);
    expect(parsed.users[0]!.dropped).toEqual([expect.objectContaining({ field: 'favourite_colour' })]);
  });
});
