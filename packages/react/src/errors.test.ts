import { APIError, SchemaError, SDKAPIUnreachableError, UsageError } from '@gatehouse/sdk';
import { describe, expect, it } from 'vitest';
import { loadErrorStrings } from './error-chunk';
import { ERROR_STRINGS } from './error-strings';
import { splitLinks } from './error-text';
import { describeError, ERROR_TYPE_STRINGS, safeHelpUrl } from './errors';
import { fr } from './locales/fr';
import { DEFAULT_STRINGS as FIRST_LOAD_STRINGS } from './strings';

// What the widget's screens pass: the first load's table with the lazily loaded error texts (error-strings.ts).
const DEFAULT_STRINGS = { ...FIRST_LOAD_STRINGS, ...ERROR_STRINGS };

function apiError(error_type: string, error_message: string): APIError {
  return new APIError({
    status_code: 400,
    error_type,
    error_message,
    error_url: `https://gatehouse.dev/docs/errors#${error_type}`,
  });
}

describe('describeError (SPEC §8)', () => {
  it("prefers the API error's error_message and keeps an allowed error_url", () => {
    expect(
      describeError(
        { error_message: 'Link expired.', error_url: 'https://gatehouse.dev/docs/errors#x', message: 'raw' },
        'fallback',
        DEFAULT_STRINGS,
      ),
    ).toEqual({ message: 'Link expired.', helpUrl: 'https://gatehouse.dev/docs/errors#x' });
    expect(
      describeError({ error_message: 'x', error_url: 'javascript:alert(1)' }, 'f', DEFAULT_STRINGS).helpUrl,
    ).toBeNull();
  });

  it('falls back to the plain message, then to the given text', () => {
    expect(describeError(new Error('Offline'), 'f', DEFAULT_STRINGS)).toEqual({
      message: 'Offline',
      helpUrl: null,
    });
    expect(describeError({ message: 'Plain' }, 'f', DEFAULT_STRINGS).message).toBe('Plain');
    expect(describeError(undefined, 'fallback', DEFAULT_STRINGS).message).toBe('fallback');
    expect(describeError({ error_message: '' }, 'fallback', DEFAULT_STRINGS).message).toBe('fallback');
  });
});

// Issue 22 finding 6: the server's texts written for developers never reach people.
describe('describeError: error types with a text of the strings table', () => {
  it('a used or expired login link says "login link", not the server\'s "magic link … to this user"', () => {
    const error = apiError(
      'unable_to_auth_magic_link',
      'The magic link could not be authenticated because it was either already used or expired. Send another magic link to this user.',
    );
    const shown = describeError(error, 'fallback', DEFAULT_STRINGS);
    expect(shown.message).toBe(DEFAULT_STRINGS.loginLinkUnusable);
    expect(shown.message).toContain('login link');
    expect(shown.message).not.toMatch(/magic link|this user/i);
    // The help link stays.
    expect(shown.helpUrl).toBe('https://gatehouse.dev/docs/errors#unable_to_auth_magic_link');
  });

  it("an invalid phone number reads SPEC §5's text, without the server's E.164 detail", () => {
    const error = apiError(
      'invalid_phone_number',
      'Invalid phone number, please try again. Expected an E.164 number such as +14155550123 (US numbers may omit +1).',
    );
    expect(describeError(error, 'fallback', DEFAULT_STRINGS).message).toBe(
      'Invalid phone number, please try again.',
    );
  });

  it('a duck-typed API error (another copy of the SDK) is mapped alike', () => {
    const error = { status_code: 409, error_type: 'duplicate_email', error_message: '… of this project.' };
    expect(describeError(error, 'fallback', DEFAULT_STRINGS).message).toBe(DEFAULT_STRINGS.emailTaken);
  });

  it('overridden strings win', () => {
    const strings = { ...DEFAULT_STRINGS, loginLinkUnusable: 'Lien expiré.' };
    expect(describeError(apiError('unable_to_auth_magic_link', 'x'), 'f', strings).message).toBe(
      'Lien expiré.',
    );
  });

  it("without the error texts (a table of the first load alone) a mapped type shows the fallback, never the server's developer text", () => {
    const error = apiError('duplicate_email', 'A user with this email already exists … of this project.');
    expect(describeError(error, 'Something went wrong.', FIRST_LOAD_STRINGS).message).toBe(
      'Something went wrong.',
    );
    // SPEC §5's phone text is in the first load's table (the phone form's own check shows it).
    expect(
      describeError(apiError('invalid_phone_number', 'Expected an E.164 number.'), 'f', FIRST_LOAD_STRINGS)
        .message,
    ).toBe('Invalid phone number, please try again.');
    // Types not in the table are unaffected.
    expect(
      describeError(apiError('unauthorized_credentials', 'Wrong password.'), 'f', FIRST_LOAD_STRINGS).message,
    ).toBe('Wrong password.');
  });

  it('loadErrorStrings resolves the lazily loaded texts against the overrides, later ones winning per key', async () => {
    expect(await loadErrorStrings([])).toEqual(ERROR_STRINGS);
    const resolved = await loadErrorStrings([fr, { emailTaken: 'Adresse déjà prise.' }, null]);
    expect(resolved?.emailTaken).toBe('Adresse déjà prise.');
    expect(resolved?.loginLinkUnusable).toBe(fr.loginLinkUnusable);
    expect(resolved?.loginLinkUnusable).not.toBe(ERROR_STRINGS.loginLinkUnusable);
  });

  it('every mapped text is plain: no field names, protocol words or "project"', () => {
    for (const key of Object.values(ERROR_TYPE_STRINGS)) {
      expect(DEFAULT_STRINGS[key]).not.toMatch(
        /magic link|E\.164|method_id|pkce|code_verifier|OAuth|token|project|RPC/i,
      );
    }
  });

  it("types not in the table show the server's error_message (SPEC §8); an unknown type too", () => {
    expect(
      describeError(apiError('unauthorized_credentials', 'Wrong password.'), 'f', DEFAULT_STRINGS).message,
    ).toBe('Wrong password.');
    // An error_type newer than this SDK reads 'internal_server_error' in APIError; the message is still shown.
    expect(describeError(apiError('brand_new_type', 'A new reason.'), 'f', DEFAULT_STRINGS).message).toBe(
      'A new reason.',
    );
    expect(
      describeError({ error_type: 'toString', error_message: 'Readable.' }, 'f', DEFAULT_STRINGS).message,
    ).toBe('Readable.');
  });

  it("the SDK's own failures read as plain text, never their developer detail", () => {
    expect(describeError(new SDKAPIUnreachableError('Failed to fetch'), 'f', DEFAULT_STRINGS).message).toBe(
      DEFAULT_STRINGS.serviceUnreachable,
    );
    expect(
      describeError(new SchemaError({ body: [] }), 'Something went wrong.', DEFAULT_STRINGS).message,
    ).toBe('Something went wrong.');
    expect(
      describeError(new UsageError('otps.authenticate', 'code must be a string'), 'f', DEFAULT_STRINGS)
        .message,
    ).toBe('f');
  });
});

describe('splitLinks (SPEC §5 clickable help links)', () => {
  it('links allowed URLs and leaves trailing punctuation as text', () => {
    const sameOrigin = `${window.location.origin}/help`;
    expect(splitLinks(`See https://gatehouse.dev/docs/errors?y=1. Then ${sameOrigin}`)).toEqual([
      { kind: 'text', text: 'See ' },
      {
        kind: 'link',
        text: 'https://gatehouse.dev/docs/errors?y=1',
        href: 'https://gatehouse.dev/docs/errors?y=1',
      },
      { kind: 'text', text: '. Then ' },
      { kind: 'link', text: sameOrigin, href: sameOrigin },
    ]);
  });

  it('keeps other URLs and schemes as text', () => {
    const text = 'javascript:alert(1) data:text/html,<b>x</b> https://evil.test/x http://gatehouse.dev/x';
    expect(splitLinks(text)).toEqual([{ kind: 'text', text }]);
    expect(safeHelpUrl('/relative')).toBeNull();
    expect(safeHelpUrl('HTTPS://GATEHOUSE.DEV/docs')).toBe('https://gatehouse.dev/docs');
  });

  it('does not let a quote or angle bracket end up inside a link', () => {
    const parts = splitLinks('x https://gatehouse.dev/"onmouseover="alert(1) y');
    expect(parts[1]).toEqual({
      kind: 'link',
      text: 'https://gatehouse.dev/',
      href: 'https://gatehouse.dev/',
    });
  });
});
