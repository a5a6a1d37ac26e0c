// Issue 22 finding 6: zxcvbn's feedback in plain words (zxcvbn-feedback.ts). The English pack is the server's
// dependency (hoisted to the root node_modules); it is read here only to prove the table covers it.
import { translations } from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import { PASSWORD_STRINGS } from './password-strings';
import { plainPasswordFeedback, ZXCVBN_SENTENCES } from './zxcvbn-feedback';

describe('plainPasswordFeedback', () => {
  it('says "personal or page related data" as a person would', () => {
    const shown = plainPasswordFeedback(
      'There should not be any personal or page related data.',
      PASSWORD_STRINGS,
    );
    expect(shown).toBe('Don’t use your name or email address in your password.');
    expect(shown).not.toMatch(/page related data/);
  });

  it('knows every warning and suggestion of the zxcvbn English pack the server uses', () => {
    const known = new Set(ZXCVBN_SENTENCES.map(([sentence]) => sentence));
    const { warnings, suggestions } = translations;
    for (const sentence of [...Object.values(warnings), ...Object.values(suggestions)]) {
      expect(known.has(sentence), sentence).toBe(true);
    }
  });

  it('rewrites each sentence of a weak_password message (warning and suggestions joined)', () => {
    const message =
      'This is a commonly used password. Add more words that are less common. Capitalize more than the first letter.';
    expect(plainPasswordFeedback(message, PASSWORD_STRINGS)).toBe(
      'This is a commonly used password. Add a few less common words. Capitalize more than the first letter.',
    );
  });

  it('keeps text it does not know as it is, and applies overrides', () => {
    expect(plainPasswordFeedback('Ce mot de passe est trop court.', PASSWORD_STRINGS)).toBe(
      'Ce mot de passe est trop court.',
    );
    expect(plainPasswordFeedback('', PASSWORD_STRINGS)).toBe('');
    const strings = { ...PASSWORD_STRINGS, passwordHintPersonalData: 'Pas de données personnelles.' };
    expect(plainPasswordFeedback('There should not be any personal or page related data.', strings)).toBe(
      'Pas de données personnelles.',
    );
  });
});
