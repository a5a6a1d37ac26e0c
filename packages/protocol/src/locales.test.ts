import { describe, expect, it } from 'vitest';
import { acceptLanguageTags, localeDirection, matchLocale, pickLocale, SUPPORTED_LOCALES } from './locales';

describe('locales', () => {
  it('matches whole tags case-insensitively, then by language', () => {
    expect(matchLocale('pt-br')).toBe('pt-BR');
    expect(matchLocale('PT_BR')).toBe('pt-BR');
    expect(matchLocale('pt-PT')).toBe('pt-BR');
    expect(matchLocale('fr-CA')).toBe('fr');
    expect(matchLocale('ar-EG')).toBe('ar');
    expect(matchLocale('ja')).toBe('ja');
    expect(matchLocale('nl')).toBeNull();
    expect(matchLocale('')).toBeNull();
    expect(matchLocale(undefined)).toBeNull();
  });

  it('picks the first candidate a shipped locale serves, English otherwise', () => {
    expect(pickLocale([undefined, 'nl-NL', 'de-AT', 'fr'])).toBe('de');
    expect(pickLocale(['', null])).toBe('en');
    expect(SUPPORTED_LOCALES[0]).toBe('en');
  });

  it('orders Accept-Language by q, then by position, dropping q=0 and *', () => {
    expect(acceptLanguageTags('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toEqual([
      'fr-CH',
      'fr',
      'en',
      'de',
    ]);
    expect(acceptLanguageTags('en;q=0.2, ja')).toEqual(['ja', 'en']);
    expect(acceptLanguageTags('es;q=0, pt')).toEqual(['pt']);
    expect(acceptLanguageTags('en;q=abc')).toEqual([]);
    expect(acceptLanguageTags(undefined)).toEqual([]);
    expect(pickLocale(acceptLanguageTags('nl, es-MX;q=0.8'))).toBe('es');
  });

  it('reads Arabic right to left', () => {
    expect(localeDirection('ar')).toBe('rtl');
    expect(localeDirection('ja')).toBe('ltr');
  });
});
