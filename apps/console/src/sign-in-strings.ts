// Issue 27 item 1: the console's sign-in in seven languages. Only what an operator sees before the console proper —
// the sign-in screen (with its theme control), the login link's landing and the second factor asked before the
// console opens (set-up or confirmation, authenticator app included) — is localized: an operator may arrive
// from a French or Japanese browser, while the console's screens, written for the team running Gatehouse, stay in
// English (its <html lang="en">). This small table is all those two screens read; English comes from strings.ts
// (one English source), the other languages load on demand, one chunk each (sign-in-locales/<tag>.ts).
import { type LocaleTag, localeDirection, pickLocale } from '@gatehouse/protocol';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { STRINGS } from './strings';

/** The texts of the sign-in screens; every locale's table has this shape (a missing key fails the typecheck). */
export interface SignInStrings {
  productName: string;
  documentTitle: (page: string) => string;
  signIn: { title: string; heading: string; intro: string };
  authenticate: {
    title: string;
    heading: string;
    working: string;
    failedHeading: string;
    backToSignIn: string;
  };
  theme: { label: string; system: string; light: string; dark: string };
  secondFactor: { [Key in keyof typeof STRINGS.secondFactor]: string };
  confirmFactor: { [Key in keyof typeof STRINGS.confirmFactor]: string };
  totp: { [Key in keyof typeof STRINGS.totp]: string };
}

export const SIGN_IN_EN: SignInStrings = {
  productName: STRINGS.productName,
  documentTitle: STRINGS.documentTitle,
  signIn: STRINGS.signIn,
  authenticate: STRINGS.authenticate,
  theme: STRINGS.theme,
  secondFactor: STRINGS.secondFactor,
  confirmFactor: STRINGS.confirmFactor,
  totp: STRINGS.totp,
};

/**
 * The sign-in table the components shared with the console proper read (the authenticator-code form, the app's
 * set-up): English unless a sign-in screen provides its language. The console's own re-authentication dialog
 * provides nothing, so it stays English with the rest of the console.
 */
export const SignInStringsContext = createContext<SignInStrings>(SIGN_IN_EN);

export function useSignInStrings(): SignInStrings {
  return useContext(SignInStringsContext);
}

const LOADERS: { readonly [Tag in Exclude<LocaleTag, 'en'>]: () => Promise<SignInStrings> } = {
  fr: () => import('./sign-in-locales/fr').then((module) => module.strings),
  de: () => import('./sign-in-locales/de').then((module) => module.strings),
  es: () => import('./sign-in-locales/es').then((module) => module.strings),
  'pt-BR': () => import('./sign-in-locales/pt-br').then((module) => module.strings),
  ja: () => import('./sign-in-locales/ja').then((module) => module.strings),
  ar: () => import('./sign-in-locales/ar').then((module) => module.strings),
};

// The tables loaded so far: the page holds one locale, loaded once (main.tsx before the first render).
const loaded = new Map<LocaleTag, SignInStrings>([['en', SIGN_IN_EN]]);

/** The table of `locale`: English at once, another after its chunk loads (English if the chunk fails). */
export async function loadSignInStrings(locale: LocaleTag): Promise<SignInStrings> {
  const known = loaded.get(locale);
  if (known !== undefined) return known;
  try {
    const strings = await LOADERS[locale as Exclude<LocaleTag, 'en'>]();
    loaded.set(locale, strings);
    return strings;
  } catch {
    return SIGN_IN_EN;
  }
}

/**
 * Issue 27 item 2 for the console's sign-in: `?locale=`, then the browser's languages, then English. The document's
 * lang is the console's own (English) and is not a wish, so it is not consulted.
 */
export function chooseSignInLocale(sources: { search: string; languages: readonly string[] }): LocaleTag {
  return pickLocale([new URLSearchParams(sources.search).get('locale'), ...sources.languages]);
}

export function browserSignInLocale(): LocaleTag {
  return chooseSignInLocale({
    search: window.location.search,
    languages: window.navigator.languages ?? [window.navigator.language],
  });
}

export interface SignInText {
  locale: LocaleTag;
  dir: 'ltr' | 'rtl';
  strings: SignInStrings;
}

/**
 * The sign-in screens' texts, their locale and direction: the screens put lang and dir on their own <main> (the
 * rest of the console stays English, so <html> keeps lang="en"). English first only if the chunk was not preloaded.
 */
export function useSignInText(): SignInText {
  const locale = useMemo(browserSignInLocale, []);
  const [strings, setStrings] = useState<SignInStrings>(() => loaded.get(locale) ?? SIGN_IN_EN);
  useEffect(() => {
    let current = true;
    void loadSignInStrings(locale).then((table) => {
      if (current) setStrings(table);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  return { locale, dir: localeDirection(locale), strings };
}

/** The tab's title on a sign-in screen (WCAG 2.4.2), in its language. */
export function useSignInDocumentTitle(text: SignInText, page: string): void {
  useEffect(() => {
    document.title = text.strings.documentTitle(page);
  }, [text.strings, page]);
}
