// Issue 27 "Tests that show it": every locale of the web app has every key English has, no placeholder or value
// English lacks, and functions taking English's values (compare-tables.ts). The types make a missing key a compile
// error too; this test names what the types let through.
import { SUPPORTED_LOCALES } from '@gatehouse/protocol';
import { describe, expect, it } from 'vitest';
import { loadStrings } from '../locale';
import { EN_STRINGS, type WebStrings } from '../strings';
import { compareTables } from './compare-tables';

const OTHER_LOCALES = SUPPORTED_LOCALES.filter((tag) => tag !== 'en');

describe('web app locale tables (issue 27 item 1)', () => {
  it.each(OTHER_LOCALES)(
    '%s has every key English has, with the same values and no extra placeholder',
    async (tag) => {
      const table = await loadStrings(tag);
      expect(compareTables(EN_STRINGS, table)).toEqual([]);
    },
  );

  it.each(OTHER_LOCALES)('%s is a translation, not a copy of English', async (tag) => {
    const table = await loadStrings(tag);
    expect(table.account.heading).not.toBe(EN_STRINGS.account.heading);
    expect(table.signIn.heading).not.toBe(EN_STRINGS.signIn.heading);
  });

  it.each(OTHER_LOCALES)(
    '%s counts: every plural form shows a text for 0, 1, 2, 3, 11 and 100',
    async (tag) => {
      const table = await loadStrings(tag);
      for (const count of [0, 1, 2, 3, 11, 100]) {
        for (const text of [
          table.account.recoveryCodesRemaining(count),
          table.account.signedOutOthers(count),
        ]) {
          expect(text.trim()).not.toBe('');
          // Above two every language names the number (Arabic's zero, one and two forms are words).
          if (count > 2) expect(text).toContain(String(count));
        }
      }
    },
  );

  it('Arabic isolates left-to-right values inside its sentences (issue 27 item 3)', async () => {
    const ar = await loadStrings('ar');
    expect(ar.account.codeSentTo('user@example.com')).toContain('\u2066user@example.com\u2069');
  });

  describe('the checker fails a table that', () => {
    /** English with one change in signIn or account (copied, so EN_STRINGS itself is untouched). */
    const broken = (
      change: (table: { signIn: Record<string, unknown>; account: Record<string, unknown> }) => void,
    ) => {
      const table = { ...EN_STRINGS, signIn: { ...EN_STRINGS.signIn }, account: { ...EN_STRINGS.account } };
      change(table);
      return table as WebStrings;
    };

    it('lacks a key English has', () => {
      const table = broken((t) => {
        delete t.signIn.goToAccount;
      });
      expect(compareTables(EN_STRINGS, table)).toEqual(['signIn.goToAccount: missing (English has it)']);
    });

    it('has a placeholder English lacks', () => {
      const table = broken((t) => {
        t.signIn.heading = 'Connexion à {product}';
      });
      expect(compareTables(EN_STRINGS, table)).toEqual([
        'signIn.heading: placeholder {product} that English lacks',
      ]);
    });

    it('has a function that drops or adds a value, or takes another number of values', () => {
      const dropped = broken((t) => {
        t.signIn.signedInAs = (_email: string) => 'Vous êtes connecté.';
      });
      expect(compareTables(EN_STRINGS, dropped)).toEqual([
        'signIn.signedInAs: drops value 1, which English shows',
      ]);
      const arity = broken((t) => {
        t.account.removed = () => 'Supprimé.';
      });
      expect(compareTables(EN_STRINGS, arity)).toEqual([
        "account.removed: takes 0 value(s), English's takes 1",
      ]);
      const added = broken((t) => {
        t.account.totpOn = 'Configurée';
        t.signIn.signedIn = (email: string) => `Connecté : ${email}`;
      });
      expect(compareTables(EN_STRINGS, added)).toEqual([
        "signIn.signedIn: is a function, English's is a string",
      ]);
    });

    it('has a key English lacks', () => {
      const table = broken((t) => {
        t.signIn.welcome = 'Bienvenue';
      });
      expect(compareTables(EN_STRINGS, table)).toEqual(['signIn.welcome: not in English']);
    });
  });
});
