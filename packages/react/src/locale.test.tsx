// Issue 27 item 2 "Choosing the language" and item 3 "Right to left", in the component: the locale prop, then the
// page's <html lang>, then navigator.languages, then English; the locale's lazy table under the `strings` overrides;
// the widget's locale sent with the message requests; dir="rtl" for Arabic, shadow root included; a missing key
// falls back to English and is reported once in development.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetLoadedLocales,
  loadLocaleTable,
  WIDGET_LOCALES,
  widgetDirection,
  widgetLocale,
} from './locale';
import { reportMissingKeys } from './locales/missing-keys';
import { Login, type LoginProps } from './login';
import { GatehouseProvider } from './provider';
import { createFakeClient } from './test-support/fake-client';

const originalLanguages = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages');

function setNavigatorLanguages(languages: string[]) {
  Object.defineProperty(navigator, 'languages', { configurable: true, get: () => languages });
}

beforeEach(() => {
  document.documentElement.lang = '';
  setNavigatorLanguages(['en-US']);
});

afterEach(() => {
  cleanup();
  document.documentElement.lang = '';
  delete (navigator as { languages?: unknown }).languages;
  if (originalLanguages !== undefined)
    Object.defineProperty(Navigator.prototype, 'languages', originalLanguages);
  vi.restoreAllMocks();
});

function renderLogin(props: LoginProps = {}) {
  const client = createFakeClient();
  const view = render(
    <GatehouseProvider client={client}>
      <Login {...props} />
    </GatehouseProvider>,
  );
  const root = () => view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
  return { client, root, view };
}

describe('widgetLocale: prop > <html lang> > navigator.languages > English', () => {
  it('takes the prop first, matched to a shipped locale', () => {
    document.documentElement.lang = 'de';
    setNavigatorLanguages(['ja']);
    expect(widgetLocale('fr-CA')).toBe('fr');
    expect(widgetLocale('pt')).toBe('pt-BR');
  });

  it("then the page's lang", () => {
    document.documentElement.lang = 'de-AT';
    setNavigatorLanguages(['ja']);
    expect(widgetLocale(undefined)).toBe('de');
  });

  it('skips a tag no shipped locale serves for the next candidate', () => {
    document.documentElement.lang = 'zh-CN';
    setNavigatorLanguages(['ko', 'es-MX', 'fr']);
    expect(widgetLocale('nl')).toBe('es');
  });

  it('then English', () => {
    document.documentElement.lang = '';
    setNavigatorLanguages(['ko', 'zh']);
    expect(widgetLocale(undefined)).toBe('en');
  });
});

describe('the widget in a locale', () => {
  it('renders English at once, with lang and dir on its root, and loads no locale', () => {
    const { root } = renderLogin();
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
    expect(root().getAttribute('lang')).toBe('en');
    expect(root().getAttribute('dir')).toBe('ltr');
    expect(root().hasAttribute('aria-busy')).toBe(false);
  });

  it('keeps the frame hidden until the locale chunk arrives, then shows it translated', async () => {
    // As on a new page: an earlier file of this worker may have loaded German (one module graph per worker), and a
    // loaded table paints at once (a run of the widget projects failed here that way: aria-busy was null).
    forgetLoadedLocales();
    const { root } = renderLogin({ locale: 'de' });
    // The first paint is the frame, invisible (aria-busy) until the table is there; no English flashes.
    expect(root().getAttribute('aria-busy')).toBe('true');
    expect(await screen.findByRole('heading', { name: 'Registrieren oder anmelden' })).toBeTruthy();
    expect(root().hasAttribute('aria-busy')).toBe(false);
    expect(root().getAttribute('lang')).toBe('de');
  });

  it('shows a locale whose chunk arrived between its render and its effect (another widget loaded it)', async () => {
    // docs-samples.spec mounts many widgets on one page. One rendered French while the table was not there yet; a
    // second widget's load finished before the first one's effect ran, so that effect saw the table loaded, did not
    // ask for it, and the frame stayed hidden for good. Outside act(), React runs the effects in a later task when
    // the commit took longer than the scheduler's 5 ms slice (a page full of widgets): the microtasks between let a
    // load already on its way finish there, as `LoadInTheGap` makes happen here.
    await loadLocaleTable('fr'); // the modules cached, so a new load settles within microtasks
    forgetLoadedLocales();
    function LoadInTheGap() {
      useLayoutEffect(() => {
        void loadLocaleTable('fr');
        const until = performance.now() + 10;
        while (performance.now() < until); // a commit longer than the scheduler's slice
      }, []);
      return null;
    }
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false; // act() would run the effects at once, with no gap
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      root.render(
        <GatehouseProvider client={createFakeClient()}>
          <Login locale="fr" />
          <LoadInTheGap />
        </GatehouseProvider>,
      );
      const frame = () => container.querySelector<HTMLElement>('[data-gatehouse-widget]');
      await waitFor(() => expect(frame()?.getAttribute('lang')).toBe('fr'));
      await waitFor(() => expect(frame()?.hasAttribute('aria-busy')).toBe(false), { timeout: 1000 });
      expect(screen.getByRole('heading', { name: 'Inscription ou connexion' })).toBeTruthy();
    } finally {
      root.unmount();
      container.remove();
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
    }
  });

  it('renders a locale already loaded on the page at once', async () => {
    await loadLocaleTable('es');
    const { root } = renderLogin({ locale: 'es' });
    expect(screen.getByRole('heading', { name: 'Regístrate o inicia sesión' })).toBeTruthy();
    expect(root().hasAttribute('aria-busy')).toBe(false);
  });

  it("follows the page's lang without a prop", async () => {
    document.documentElement.lang = 'ja';
    renderLogin();
    expect(await screen.findByRole('heading', { name: '登録またはログイン' })).toBeTruthy();
  });

  it('lets `strings` overrides win per key over the locale, the lazy keys too', async () => {
    const { client } = renderLogin({
      locale: 'fr',
      strings: { mainHeader: 'Bienvenue', checkYourEmail: 'Regardez votre boîte' },
      config: { strings: { continueWithEmail: 'Par e-mail' } },
    });
    expect(await screen.findByRole('heading', { name: 'Bienvenue' })).toBeTruthy();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('E-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Par e-mail' }));
    expect(await screen.findByRole('heading', { name: 'Regardez votre boîte' })).toBeTruthy();
    // Issue 27 item 2: the SDK sends the widget's locale, so the e-mail comes in French.
    expect(client.calls.loginOrCreate).toEqual([{ email: 'ada@example.com', options: { locale: 'fr' } }]);
  });

  it('shows a validation error in the locale', async () => {
    renderLogin({ locale: 'pt-BR' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-mail'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Continuar com e-mail' }));
    expect(await screen.findByText('Endereço de e-mail inválido')).toBeTruthy();
  });
});

describe('right to left (issue 27 item 3)', () => {
  it('renders Arabic with dir="rtl" on the root and the e-mail input left to right', async () => {
    const { root } = renderLogin({ locale: 'ar' });
    expect(await screen.findByRole('heading', { name: 'إنشاء حساب أو تسجيل الدخول' })).toBeTruthy();
    expect(root().getAttribute('dir')).toBe('rtl');
    expect(root().getAttribute('lang')).toBe('ar');
    expect(screen.getByLabelText('البريد الإلكتروني').getAttribute('dir')).toBe('ltr');
  });

  it('carries dir="rtl" into the shadow root and onto its host', async () => {
    const { view } = renderLogin({ locale: 'ar', config: { enableShadowDOM: true } });
    const host = view.container.querySelector<HTMLElement>('[data-gatehouse-shadow-host]')!;
    expect(host.getAttribute('dir')).toBe('rtl');
    await waitFor(() => {
      const widget = host.shadowRoot?.querySelector('[data-gatehouse-widget]');
      expect(widget?.getAttribute('dir')).toBe('rtl');
      expect(widget?.hasAttribute('aria-busy')).toBe(false);
    });
  });
});

describe('a missing key (issue 27 item 2)', () => {
  it('falls back to English and is reported once per key in development', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { fr } = await import('./locales/fr');
    const { mainHeader: _dropped, ...partial } = fr;
    expect(reportMissingKeys('fr', partial)).toEqual(['mainHeader']);
    expect(reportMissingKeys('fr', partial)).toEqual(['mainHeader']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toContain('"mainHeader"');
    // The fallback itself: a table without the key leaves English in place.
    render(
      <GatehouseProvider client={createFakeClient()}>
        <Login strings={partial as never} />
      </GatehouseProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('reports nothing for the shipped locales', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (const tag of ['fr', 'de', 'es', 'pt-BR', 'ja', 'ar'] as const) {
      const table = await loadLocaleTable(tag);
      expect(table).not.toBeNull();
      expect(reportMissingKeys(tag, table as never)).toEqual([]);
    }
    expect(warn).not.toHaveBeenCalled();
  });
});

describe('widgetLocale agrees with the protocol (issue 27 item 2: one reading of a tag)', () => {
  it('has the same locales and directions', async () => {
    const { SUPPORTED_LOCALES, localeDirection } = await import('@gatehouse/protocol');
    expect(WIDGET_LOCALES).toEqual(SUPPORTED_LOCALES);
    for (const tag of SUPPORTED_LOCALES) expect(widgetDirection(tag)).toBe(localeDirection(tag));
  });

  it('matches pickLocale on every tag tried', async () => {
    const { pickLocale } = await import('@gatehouse/protocol');
    document.documentElement.lang = '';
    setNavigatorLanguages([]);
    const tags = [
      'en',
      'en-GB',
      'fr',
      'FR-ca',
      'de-CH',
      'es-419',
      'pt',
      'pt-PT',
      'pt-br',
      'pt_BR',
      'ja-JP',
      'ar',
      'ar-EG',
    ];
    for (const tag of [...tags, 'zh', 'nl-BE', 'x', '', ' ja '])
      expect(widgetLocale(tag)).toBe(pickLocale([tag]));
  });
});
