import { describe, expect, it } from 'vitest';
import { createZxcvbn, ludsRequirements, userInputsOf, zxcvbnVerdict } from './strength';

// One estimator for the file, as the kit keeps one per app.
const zxcvbn = createZxcvbn();

describe('zxcvbn verdicts on fixed vectors (common + English dictionaries, English feedback)', () => {
  it.each([
    ['password', 0, 'This is a heavily used password.', ['Add more words that are less common.']],
    ['password123', 0, 'This is a commonly used password.', ['Add more words that are less common.']],
    ['qwertyuiop', 0, 'This is a frequently used password.', ['Add more words that are less common.']],
    [
      'aaaaaaaaaa',
      0,
      'Repeated characters like "aaa" are easy to guess.',
      ['Add more words that are less common.', 'Avoid repeated words and characters.'],
    ],
    ['johnsmith1987', 2, '', ['Add more words that are less common.']],
    ['EntropyIsInformation', 3, '', []],
    ['correct horse battery staple', 4, '', []],
    ['kV9#pL2@xR7!', 4, '', []],
  ])('%s → score %i', (password, score, warning, suggestions) => {
    expect(zxcvbnVerdict(zxcvbn, password, null)).toEqual({ score, warning, suggestions });
  });

  it('takes the e-mail and its local part as user inputs', () => {
    expect(userInputsOf('Zorblax.Quentin@Example.com')).toEqual([
      'zorblax.quentin@example.com',
      'zorblax.quentin',
      'zorblax',
      'quentin',
    ]);
    expect(userInputsOf(null)).toEqual([]);
    const alone = zxcvbnVerdict(zxcvbn, 'zorblaxquentin', null).score;
    const withEmail = zxcvbnVerdict(zxcvbn, 'zorblaxquentin', 'zorblax.quentin@example.com').score;
    expect(alone).toBeGreaterThanOrEqual(3);
    expect(withEmail).toBeLessThan(alone);
  });

  it('stays fast on the longest allowed passwords (only the first 64 characters are scored)', () => {
    for (const password of ['aB3$'.repeat(64), 'P@ssw0rd'.repeat(32), '1q2w3e4r'.repeat(32)]) {
      const started = performance.now();
      zxcvbnVerdict(zxcvbn, password, 'someone@example.com');
      // Measured ≈ 25-50 ms here (0.9 s with zxcvbn's defaults); the bound leaves room for a loaded machine.
      expect(performance.now() - started).toBeLessThan(500);
    }
  });
});

describe('LUDS requirements (SPEC §5, project password_config)', () => {
  const config = { luds_minimum_count: 10, luds_complexity: 3 };

  it.each([
    [
      'abcdefgh',
      {
        has_digit: false,
        has_lower_case: true,
        has_symbol: false,
        has_upper_case: false,
        missing_characters: 2,
        missing_complexity: 2,
      },
    ],
    [
      'Abcdefg1',
      {
        has_digit: true,
        has_lower_case: true,
        has_symbol: false,
        has_upper_case: true,
        missing_characters: 2,
        missing_complexity: 0,
      },
    ],
    [
      'Ab1!',
      {
        has_digit: true,
        has_lower_case: true,
        has_symbol: true,
        has_upper_case: true,
        missing_characters: 6,
        missing_complexity: 0,
      },
    ],
    [
      'ÄÖÜäöü12',
      {
        has_digit: true,
        has_lower_case: true,
        has_symbol: false,
        has_upper_case: true,
        missing_characters: 2,
        missing_complexity: 0,
      },
    ],
    [
      '密码密码密码密码',
      {
        has_digit: false,
        has_lower_case: false,
        has_symbol: true,
        has_upper_case: false,
        missing_characters: 2,
        missing_complexity: 2,
      },
    ],
    [
      'pass word😀',
      {
        has_digit: false,
        has_lower_case: true,
        has_symbol: true,
        has_upper_case: false,
        missing_characters: 0,
        missing_complexity: 1,
      },
    ],
    [
      'Abcdefghi1!',
      {
        has_digit: true,
        has_lower_case: true,
        has_symbol: true,
        has_upper_case: true,
        missing_characters: 0,
        missing_complexity: 0,
      },
    ],
  ])('%s', (password, expected) => {
    expect(ludsRequirements(password, config)).toEqual(expected);
  });

  it('counts characters in code points and never asks for fewer than the server’s 8', () => {
    expect(ludsRequirements('😀😀😀😀😀😀😀😀😀😀', config).missing_characters).toBe(0);
    expect(ludsRequirements('abc', { luds_minimum_count: 4, luds_complexity: 1 }).missing_characters).toBe(5);
  });
});
