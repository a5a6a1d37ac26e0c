// Issue 27 items 1–3 for the console's sign-in: every locale's table has English's keys and values (the web app's
// checker, apps/web/src/locales/compare-tables.ts), the sign-in screen follows ?locale= and the browser's languages
// with its own lang and dir (Arabic right to left) while the console keeps <html lang="en">, and passes axe.
import { SUPPORTED_LOCALES } from '@gatehouse/protocol';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { compareTables } from '../../web/src/locales/compare-tables';
import { chooseSignInLocale, loadSignInStrings, SIGN_IN_EN } from './sign-in-strings';
import { STRINGS } from './strings';
import { createFakeClient, expectAccessible, OWNER, renderConsole, resetDocument } from './test-support';

afterEach(() => {
  resetDocument();
  window.history.replaceState(null, '', '/');
});

describe('console sign-in locale tables (issue 27 item 1)', () => {
  it.each(SUPPORTED_LOCALES.filter((tag) => tag !== 'en'))('%s matches English key for key', async (tag) => {
    const table = await loadSignInStrings(tag);
    expect(compareTables(SIGN_IN_EN, table)).toEqual([]);
    expect(table.signIn.heading).not.toBe(SIGN_IN_EN.signIn.heading);
  });

  it('English is the console strings table itself (one English source)', () => {
    expect(SIGN_IN_EN.signIn).toBe(STRINGS.signIn);
    expect(SIGN_IN_EN.authenticate).toBe(STRINGS.authenticate);
  });
});

describe('choosing the sign-in language (issue 27 item 2)', () => {
  it('takes ?locale=, then the browser languages, then English', () => {
    expect(chooseSignInLocale({ search: '?locale=ja', languages: ['fr'] })).toBe('ja');
    expect(chooseSignInLocale({ search: '?locale=xx', languages: ['de-AT', 'fr'] })).toBe('de');
    expect(chooseSignInLocale({ search: '', languages: ['nl'] })).toBe('en');
  });

  it('renders the sign-in screen in Arabic, right to left on its own <main>, the console still lang="en"', async () => {
    window.history.replaceState(null, '', '/console?locale=ar');
    renderConsole('/', { client: createFakeClient({ signedIn: false }) });
    const heading = await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول إلى وحدة التحكم' });
    const main = heading.closest('main');
    expect(main?.getAttribute('lang')).toBe('ar');
    expect(main?.getAttribute('dir')).toBe('rtl');
    expect(document.documentElement.lang).toBe('en');
    expect(screen.getByRole('combobox', { name: 'المظهر' })).toBeTruthy();
    expect(document.title).toBe('تسجيل الدخول · وحدة تحكم Gatehouse');
    await expectAccessible();
  });

  it('lands a login link in French', async () => {
    window.history.replaceState(null, '', '/console/authenticate?locale=fr');
    renderConsole('/authenticate?stytch_token_type=magic_links&token=t', {
      client: createFakeClient({ signedIn: false }),
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'Connexion en cours' });
    expect(heading.closest('main')?.getAttribute('lang')).toBe('fr');
  });
});

describe('the second factor before the console, in the sign-in language (issue 27 item 1)', () => {
  it('a first sign-in sets up its second factor in German, the app choice included', async () => {
    window.history.replaceState(null, '', '/console?locale=de');
    renderConsole('/', {
      me: { ...OWNER, second_factor: { enrolled: false, in_session: false, kinds: [] } },
    });
    const heading = await screen.findByRole('heading', {
      level: 1,
      name: 'Richten Sie einen zweiten Faktor ein, um fortzufahren',
    });
    expect(heading.closest('main')?.getAttribute('lang')).toBe('de');
    expect(screen.getByRole('heading', { name: 'Oder eine Authentifizierungs-App verwenden' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Authentifizierungs-App einrichten' })).toBeTruthy();
    expect(document.title).toBe('Zweiten Faktor einrichten · Gatehouse-Konsole');
    await expectAccessible();
  });

  it('an operator holding an app confirms with a code, in Arabic, right to left', async () => {
    window.history.replaceState(null, '', '/console?locale=ar');
    renderConsole('/', {
      me: { ...OWNER, second_factor: { enrolled: true, in_session: false, kinds: ['totp'] } },
    });
    const heading = await screen.findByRole('heading', { level: 1, name: 'أكّد هويتك' });
    expect(heading.closest('main')?.getAttribute('dir')).toBe('rtl');
    expect(screen.getByText('أدخل رمزًا من تطبيق المصادقة')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'فقدت التطبيق؟ استخدم رمز استرداد' })).toBeTruthy();
  });
});
