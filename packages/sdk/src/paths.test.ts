// Issue 21: the SDK writes out the API paths it uses (paths.ts, the lazily loaded modules, the public OTP_PATHS and
// WEBAUTHN_PATHS) instead of reading the protocol's ROUTES, so that bundles do not carry the whole table. The
// compiler checks every written-out string against ROUTES; these tests check the functions and that each table
// has exactly the entries it names.
import { ROUTES } from '@gatehouse/protocol';
import { describe, expect, it } from 'vitest';
import { OAUTH_PATHS } from './oauth-module';
import { OTP_PATHS } from './otps';
import { OTP_MODULE_PATHS } from './otps-module';
import { PATHS } from './paths';
import { SESSION_PATHS } from './session-module';
import { USER_PATHS } from './users-module';
import { WEBAUTHN_PATHS } from './webauthn';
import { WEBAUTHN_MODULE_PATHS } from './webauthn-module';

/** Strings as they are; functions by what they answer for an argument that needs encoding (and an OTP method). */
function answers(table: object): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(table).map(([key, value]) => [
      key,
      typeof value === 'function' ? [value('id/1 ü'), value('sms'), value('whatsapp')] : value,
    ]),
  );
}

function pick(table: Record<string, unknown>, keys: string[]): object {
  return Object.fromEntries(keys.map((key) => [key, table[key]]));
}

describe('written-out API paths equal the protocol ROUTES (wire-format.md §4)', () => {
  it.each([
    ['paths.ts PATHS', PATHS, ROUTES],
    ['session-module SESSION_PATHS', SESSION_PATHS, ROUTES],
    ['users-module USER_PATHS', USER_PATHS, ROUTES],
    ['otps OTP_PATHS', OTP_PATHS, ROUTES.otps],
    ['otps-module OTP_MODULE_PATHS', OTP_MODULE_PATHS, ROUTES.otps],
    ['webauthn WEBAUTHN_PATHS', WEBAUTHN_PATHS, ROUTES.webauthn],
    ['webauthn-module WEBAUTHN_MODULE_PATHS', WEBAUTHN_MODULE_PATHS, ROUTES.webauthn],
    ['oauth-module OAUTH_PATHS', OAUTH_PATHS, ROUTES.oauth],
  ] as const)('%s', (_name, table, routes) => {
    const keys = Object.keys(table);
    expect(keys.length).toBeGreaterThan(0);
    expect(answers(table)).toEqual(answers(pick(routes as Record<string, unknown>, keys)));
  });

  it('the public tables are complete', () => {
    expect(Object.keys(OTP_PATHS).sort()).toEqual(Object.keys(ROUTES.otps).sort());
    expect(Object.keys(WEBAUTHN_PATHS).sort()).toEqual(Object.keys(ROUTES.webauthn).sort());
  });
});
