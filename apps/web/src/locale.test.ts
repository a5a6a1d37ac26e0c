// Issue 27 item 2, "choosing the language", for the web app: ?locale=, the stored choice, <html lang>, the browser's
// languages, then English; the build's own lang="en" counts for nothing; activating a locale loads its table and sets
// <html lang> and dir (Arabic right to left); dates follow the app's locale.

import { DEFAULT_STRINGS } from '@gatehouse/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  activateLocale,
  browserLocaleSources,
  chooseLocale,
  chooseLocaleFromPicker,
  DEFAULT_LANG_ATTRIBUTE,
  formatDateTime,
  LOCALE_STORAGE_KEY,
  loadEnglishWidgetStrings,
} from './locale';
import { EN_STRINGS, LOCALE, STRINGS, setActiveStrings, WIDGET_STRINGS } from './strings';

const NONE = { search: '', stored: null, documentLang: null, languages: [] } as const;

afterEach(async () => {
  await activateLocale('en');
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('chooseLocale (issue 27 item 2)', () => {
  it('takes ?locale= first, then the stored choice, then <html lang>, then the browser, then English', () => {
    const all = { search: '?locale=ja', stored: 'de', documentLang: 'es', languages: ['fr-CA', 'en'] };
    expect(chooseLocale(all)).toBe('ja');
    expect(chooseLocale({ ...all, search: '' })).toBe('de');
    expect(chooseLocale({ ...all, search: '', stored: null })).toBe('es');
    expect(chooseLocale({ ...all, search: '', stored: null, documentLang: null })).toBe('fr');
    expect(chooseLocale(NONE)).toBe('en');
  });

  it('passes over what no shipped locale serves, and reads regional and Portuguese tags', () => {
    expect(chooseLocale({ ...NONE, search: '?locale=xx', languages: ['nl-NL', 'pt-PT'] })).toBe('pt-BR');
    expect(chooseLocale({ ...NONE, search: '?locale=AR-eg' })).toBe('ar');
    expect(chooseLocale({ ...NONE, languages: ['nl', 'sv'] })).toBe('en');
  });

  it("ignores index.html's fallback lang (data-default-lang) but reads a lang a server set", () => {
    const root = document.documentElement;
    root.setAttribute('lang', 'en');
    root.setAttribute(DEFAULT_LANG_ATTRIBUTE, '');
    expect(browserLocaleSources(window).documentLang).toBeNull();
    root.removeAttribute(DEFAULT_LANG_ATTRIBUTE);
    root.setAttribute('lang', 'de');
    expect(browserLocaleSources(window).documentLang).toBe('de');
  });
});

describe('activateLocale', () => {
  it('loads the table, makes it the one the app renders from and sets <html lang> and dir', async () => {
    expect(await activateLocale('ar')).toBe('ar');
    expect(LOCALE).toBe('ar');
    expect(STRINGS.account.heading).toBe('حسابك');
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await activateLocale('fr');
    expect(document.documentElement.dir).toBe('ltr');
    expect(STRINGS.account.heading).toBe('Votre compte');
    await activateLocale('en');
    expect(STRINGS).toBe(EN_STRINGS);
  });

  it("loads the widget's table in the same language, for the widget texts the app shows itself", async () => {
    await activateLocale('fr');
    expect(WIDGET_STRINGS.loginSuccessTitle).toBe('C’est fait\u00a0!');
    expect(WIDGET_STRINGS.passkeyAlreadyRegistered).not.toBe(DEFAULT_STRINGS.passkeyAlreadyRegistered);
    await activateLocale('en');
    expect(WIDGET_STRINGS.loginSuccessTitle).toBe(DEFAULT_STRINGS.loginSuccessTitle);
  });

  it("an English visitor gets the widget's error texts after the first render (main.tsx), and a choice made meanwhile stays", async () => {
    // As at boot: English at once, the widget's first-load table only.
    setActiveStrings('en', EN_STRINGS);
    expect(WIDGET_STRINGS.emailTaken).toBeUndefined();
    await loadEnglishWidgetStrings();
    expect(WIDGET_STRINGS.emailTaken).toBe('This email address is already used by another account.');
    expect(WIDGET_STRINGS.loginSuccessTitle).toBe(DEFAULT_STRINGS.loginSuccessTitle);
    expect(STRINGS).toBe(EN_STRINGS);

    setActiveStrings('en', EN_STRINGS);
    const english = loadEnglishWidgetStrings();
    await activateLocale('fr');
    await english;
    expect(LOCALE).toBe('fr');
    expect(WIDGET_STRINGS.emailTaken).toMatch(/adresse e-mail/);
  });

  it("the picker's choice is stored and drops ?locale= from the address", async () => {
    window.history.replaceState(null, '', '/account?locale=ja&x=1');
    expect(await chooseLocaleFromPicker('de')).toBe('de');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de');
    expect(window.location.search).toBe('?x=1');
    expect(browserLocaleSources(window).stored).toBe('de');
  });
});

describe('formatDateTime', () => {
  const value = '2026-11-28T15:17:00Z';
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeZone: 'UTC' };

  it('writes dates in the active locale, in Western digits', async () => {
    expect(formatDateTime(value, options)).toBe('Nov 28, 2026');
    await activateLocale('fr');
    expect(formatDateTime(value, options)).toBe('28 nov. 2026');
    await activateLocale('de');
    expect(formatDateTime(value, options)).toBe('28.11.2026');
    await activateLocale('ar');
    expect(formatDateTime(value, options)).toMatch(/28.*11.*2026/);
  });

  it('shows a value that is not a date as it came', () => {
    expect(formatDateTime('soon', options)).toBe('soon');
  });
});
