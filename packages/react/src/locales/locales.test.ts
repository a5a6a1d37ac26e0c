// Issue 27 "Tests that show it": a test fails when a locale lacks a key that English has, or a string has a
// placeholder the English one lacks (and the other way round). The typecheck catches a missing key too (LocaleTable);
// this also catches extra keys, empty strings and placeholders, which types cannot.
import { SUPPORTED_LOCALES } from '@gatehouse/protocol';
import { describe, expect, it } from 'vitest';
import { formatMessage } from '../message-format';
import { ar } from './ar';
import { de } from './de';
import { en } from './english';
import { es } from './es';
import { fr } from './fr';
import { ja } from './ja';
import { ENGLISH_KEYS } from './keys';
import { ptBR } from './pt-BR';
import { PLURAL_KEYS } from './table';

const LOCALES: Record<string, Readonly<Record<string, string>>> = {
  fr,
  de,
  es,
  'pt-BR': ptBR,
  ja,
  ar,
};

/** The argument names of a message: `{name}` and the `name` of `{name, plural, …}` (its cases' text excluded). */
export function placeholders(message: string): string[] {
  const names = new Set<string>();
  const withoutPlurals = message.replace(
    /\{(\w+),\s*plural,((?:\s*=?\w+\s*\{[^{}]*\})+)\s*\}/g,
    (_, name: string) => {
      names.add(name);
      return '';
    },
  );
  for (const [, name] of withoutPlurals.matchAll(/\{(\w+)\}/g)) names.add(name ?? '');
  return [...names].sort();
}

describe('locale tables (issue 27 item 1)', () => {
  it("the development report's list of keys is exactly English's", () => {
    expect([...ENGLISH_KEYS].sort()).toEqual(Object.keys(en).sort());
  });

  it('ships one table per supported locale besides English', () => {
    expect(Object.keys(LOCALES).sort()).toEqual(SUPPORTED_LOCALES.filter((tag) => tag !== 'en').sort());
  });

  for (const [tag, table] of Object.entries(LOCALES)) {
    describe(tag, () => {
      it('has every key English has, and no other', () => {
        expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
      });

      it('has no empty string', () => {
        expect(Object.entries(table).filter(([, value]) => value.trim() === '')).toEqual([]);
      });

      it('uses exactly the placeholders of the English string, key by key', () => {
        const mismatches = Object.entries(en)
          .map(([key, english]) => ({
            key,
            english: placeholders(english),
            translated: placeholders(table[key] ?? ''),
          }))
          .filter(({ english, translated }) => english.join() !== translated.join());
        expect(mismatches).toEqual([]);
      });

      it('writes ICU plurals only where the screen formats them, each with an `other` case', () => {
        for (const [key, value] of Object.entries(table)) {
          if (!value.includes(', plural,')) continue;
          expect(PLURAL_KEYS as readonly string[]).toContain(key);
          expect(value).toMatch(/\bother\s*\{/);
        }
      });

      it('formats every string without leaving a placeholder behind', () => {
        for (const [key, value] of Object.entries(table)) {
          const values = Object.fromEntries(
            placeholders(en[key as keyof typeof en]).map((name) => [name, 7]),
          );
          expect(formatMessage(value, values, tag)).not.toMatch(/\{\w+(,|\})/);
        }
      });
    });
  }

  it('the placeholder reader sees a placeholder added or dropped', () => {
    expect(placeholders('An email was sent to {email}.')).toEqual(['email']);
    expect(placeholders('Un e-mail a été envoyé.')).toEqual([]);
    expect(placeholders('{count, plural, =0 {aucun} one {# mot} other {# mots}} pour {name}')).toEqual([
      'count',
      'name',
    ]);
  });
});
