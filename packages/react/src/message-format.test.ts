// Issue 27 item 1: the ICU subset (plurals and numbers in the locale) and the per-locale countdown.
import { describe, expect, it } from 'vitest';
import { formatCountdown, formatMessage } from './message-format';

describe('formatMessage', () => {
  it('fills plain placeholders, writes numbers in the locale and leaves unknown ones as written', () => {
    expect(formatMessage('Use at least {count} characters.', { count: 8 }, 'en')).toBe(
      'Use at least 8 characters.',
    );
    expect(formatMessage('Hi {name}, {unknown}', { name: 'Ada' }, 'en')).toBe('Hi Ada, {unknown}');
    expect(formatMessage('{count}', { count: 12 }, 'ar')).toBe(new Intl.NumberFormat('ar').format(12));
    expect(formatMessage('{count}', { count: 12 }, 'ar-u-nu-arab')).toBe('١٢');
  });

  it('picks the plural case of the locale, an exact =n first', () => {
    const fr = '{count, plural, =0 {aucun caractère} one {# caractère} other {# caractères}}';
    expect(formatMessage(fr, { count: 0 }, 'fr')).toBe('aucun caractère');
    expect(formatMessage(fr, { count: 1 }, 'fr')).toBe('1 caractère');
    expect(formatMessage(fr, { count: 8 }, 'fr')).toBe('8 caractères');
  });

  it('uses all six Arabic plural categories', () => {
    const ar =
      '{count, plural, zero {# حرف} one {حرف واحد} two {حرفين} few {# أحرف} many {# حرفًا} other {# حرف}}';
    expect(formatMessage(ar, { count: 1 }, 'ar')).toBe('حرف واحد');
    expect(formatMessage(ar, { count: 2 }, 'ar')).toBe('حرفين');
    const digits = new Intl.NumberFormat('ar');
    expect(formatMessage(ar, { count: 8 }, 'ar')).toBe(`${digits.format(8)} أحرف`);
    expect(formatMessage(ar, { count: 12 }, 'ar')).toBe(`${digits.format(12)} حرفًا`);
    expect(formatMessage(ar, { count: 100 }, 'ar')).toBe(`${digits.format(100)} حرف`);
  });

  it('keeps text around a plural and values as text, never markup', () => {
    expect(
      formatMessage(
        'At least {count, plural, one {# word} other {# words}} for {name}.',
        { count: 3, name: '<b>' },
        'en',
      ),
    ).toBe('At least 3 words for <b>.');
  });
});

describe('formatCountdown', () => {
  it("reads m:ss, rounding up, in the locale's digits", () => {
    expect(formatCountdown(300_000, 'en')).toBe('5:00');
    expect(formatCountdown(59_001, 'en')).toBe('1:00');
    expect(formatCountdown(61_000, 'fr')).toBe('1:01');
    expect(formatCountdown(-5, 'en')).toBe('0:00');
    expect(formatCountdown(299_000, 'ar-u-nu-arab')).toBe('٤:٥٩');
  });
});
