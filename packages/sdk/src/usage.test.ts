import { describe, expect, it } from 'vitest';
import { UsageError } from './errors';
import { validate } from './usage';

describe('usage checks (SPEC §5)', () => {
  const stringFields = [
    'token',
    'code',
    'password',
    'email',
    'signature',
    'crypto_wallet_address',
    'crypto_wallet_type',
    'recovery_code',
    'totp_code',
  ];

  it.each(stringFields)('%s must be a string', (field) => {
    for (const bad of [undefined, null, 5, {}, ['a']]) {
      expect(() => validate('m.x').string(field, bad)).toThrow(
        new UsageError('m.x', `${field} must be a string.`),
      );
    }
    expect(() => validate('m.x').string(field, 'ok')).not.toThrow();
  });

  it.each(['session_duration_minutes', 'expiration_minutes'])('%s must be a number', (field) => {
    for (const bad of ['30', undefined, null, Number.NaN]) {
      expect(() => validate('m.y').number(field, bad)).toThrow(
        `Invalid call to m.y\n${field} must be a number.`,
      );
    }
    expect(() => validate('m.y').number(field, 30)).not.toThrow();
  });

  it('untrusted_metadata must be an object (not null, not an array)', () => {
    for (const bad of [null, [], 'x', 1]) {
      expect(() => validate('user.update').object('untrusted_metadata', bad)).toThrow(
        'Invalid call to user.update\nuntrusted_metadata must be an object.',
      );
    }
    expect(() => validate('user.update').object('untrusted_metadata', { a: 1 })).not.toThrow();
  });

  it('redirect URLs, template ids and domain are optional strings', () => {
    const v = validate('magicLinks.email.loginOrCreate');
    for (const field of ['login_magic_link_url', 'signup_template_id', 'domain']) {
      expect(() => v.optionalString(field, undefined)).not.toThrow();
      expect(() => v.optionalString(field, 'x')).not.toThrow();
      expect(() => v.optionalString(field, 7)).toThrow(
        `Invalid call to magicLinks.email.loginOrCreate\n${field} must be a string.`,
      );
    }
    expect(() => v.optionalNumber('login_expiration_minutes', '5')).toThrow(UsageError);
    expect(() => v.optionalObject('options', null)).toThrow('options must be an object.');
  });

  it('chains and stops at the first failing field', () => {
    expect(() =>
      validate('magicLinks.authenticate')
        .string('token', 't')
        .number('session_duration_minutes', 'x')
        .string('z', 1),
    ).toThrow('Invalid call to magicLinks.authenticate\nsession_duration_minutes must be a number.');
  });
});
