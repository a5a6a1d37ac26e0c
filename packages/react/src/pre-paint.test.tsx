// Issue 23 item 2: the login form painted before React (./pre-paint.ts) is the tree React then commits, node for
// node, so nothing moves when React takes over; what the visitor did on it carries over; every first screen it does
// not paint is left to React. The mount path itself (./mount.ts: the pre-paint at the call, React when its code
// arrives) is the last block. E2E (paint-before-network.spec.ts) and bench/first-render.ts see it in Chromium.
import { type BootstrapData, DEFAULT_BOOTSTRAP } from '@gatehouse/protocol';
import { act, cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LoginConfig } from './config';
import { forgetLoadedLocales, loadedLocaleTable, loadLocaleTable, WIDGET_LOCALES } from './locale';
import { loadWidgetCode, type MountOptions, mountLogin } from './mount';
import { provideReactDomClient, type RenderedWidget, renderLogin } from './mount-react';
import { prePaintLogin } from './pre-paint';
import { createFakeClient, type FakeClient } from './test-support/fake-client';
import { STYLE_ELEMENT_ATTRIBUTE } from './widget-css';

const rendered: RenderedWidget[] = [];

beforeAll(async () => {
  // A locale already on the page is painted in its words (the 'fr' case below).
  await loadLocaleTable('fr');
  await loadWidgetCode();
});

beforeEach(() => {
  document.body.innerHTML = '<div id="painted"></div><div id="react"></div><div id="login"></div>';
  for (const style of document.head.querySelectorAll(`style[${STYLE_ELEMENT_ATTRIBUTE}]`)) style.remove();
});

afterEach(() => {
  act(() => {
    for (const widget of rendered.splice(0)) widget.unmount();
  });
  cleanup();
  document.body.innerHTML = '';
});

/** A client whose bootstrap is `bootstrap` (by identity: DEFAULT_BOOTSTRAP means "nothing known") and never answers. */
function clientWith(bootstrap: BootstrapData): FakeClient {
  const client = createFakeClient();
  client.bootstrap.getSync = () => bootstrap;
  client.bootstrap.get = () => new Promise<BootstrapData>(() => {});
  return client;
}

const byId = (id: string) => document.getElementById(id) as HTMLElement;

/**
 * The tree as the browser lays it out: tags, attributes (sorted; ids and the references to them numbered in order
 * of appearance, since React's useId and the pre-paint name them differently; style declarations sorted) and text.
 */
function canonical(root: Element): string {
  const ids = new Map<string, string>();
  const idOf = (value: string) => {
    if (!ids.has(value)) ids.set(value, `id${ids.size + 1}`);
    return ids.get(value);
  };
  const walk = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return JSON.stringify(node.textContent);
    if (!(node instanceof Element)) return '';
    const attributes = [...node.attributes]
      .map(({ name, value }) => {
        if (name === 'id' || name === 'for') return `${name}=${idOf(value)}`;
        if (name === 'style')
          return `style=${value
            .split(';')
            .map((part) => part.trim())
            .filter(Boolean)
            .sort()
            .join(';')}`;
        return `${name}=${JSON.stringify(value)}`;
      })
      .sort();
    return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${[...node.childNodes].map(walk).join('')}</>`;
  };
  return walk(root);
}

function renderWithReact(options: Omit<MountOptions, 'elementId'>): string {
  act(() => {
    rendered.push(renderLogin(byId('react'), { ...options, elementId: '#react' }, null));
  });
  return canonical(byId('react'));
}

const cases: [string, Omit<MountOptions, 'elementId' | 'client'> & { bootstrap?: BootstrapData }][] = [
  ['the default configuration, nothing known of bootstrap', {}],
  ['login links named as the only product', { config: { products: ['emailMagicLinks'] } }],
  [
    'a cached bootstrap that shows the watermark, with the project theme',
    {
      bootstrap: {
        ...DEFAULT_BOOTSTRAP,
        displayWatermark: true,
        theme: { colors: { primary: '#0b5cff' }, container: { borderRadius: '12px' } },
      },
    },
  ],
  ['a cached bootstrap that hides it', { bootstrap: { ...DEFAULT_BOOTSTRAP, displayWatermark: false } }],
  [
    'a hidden heading, page styles and the dark scheme',
    {
      config: { colorScheme: 'dark' },
      styles: {
        hideHeaderText: true,
        buttons: { primary: { backgroundColor: '#123456' } },
        fontFamily: 'Georgia',
      },
    },
  ],
  [
    'overridden strings (config and prop)',
    { config: { strings: { mainHeader: 'Welcome back' } }, strings: { continueWithEmail: 'Next' } },
  ],
  ['an empty configuration object', { config: {} }],
  ['a shipped locale already loaded (fr)', { locale: 'fr' }],
];

describe('the pre-painted form is the tree React commits (no layout shift when React takes over)', () => {
  it.each(cases)('%s', (_name, { bootstrap, ...options }) => {
    const client = clientWith(bootstrap ?? DEFAULT_BOOTSTRAP);
    const painted = prePaintLogin(byId('painted'), { ...options, client });
    expect(painted).not.toBeNull();
    expect(canonical(byId('painted'))).toBe(renderWithReact({ ...options, client }));
    // The stylesheet went in with the paint, once.
    expect(document.head.querySelectorAll(`style[${STYLE_ELEMENT_ATTRIBUTE}]`)).toHaveLength(1);
  });
});

describe('page strings are text, never markup', () => {
  it('escapes overridden strings into the text and the quoted attributes', () => {
    const hostile = '"><img src=x onerror="window.__pwned=1">&';
    const client = clientWith(DEFAULT_BOOTSTRAP);
    const painted = prePaintLogin(byId('painted'), {
      client,
      strings: { mainHeader: hostile, emailPlaceholder: hostile, notificationsLabel: hostile },
    });
    expect(painted).not.toBeNull();
    const root = byId('painted');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector('h2')?.textContent).toBe(hostile);
    expect(root.querySelector('input')?.getAttribute('placeholder')).toBe(hostile);
    expect(root.querySelector('.gh-toasts')?.getAttribute('aria-label')).toBe(hostile);
    expect(canonical(root)).toBe(
      renderWithReact({
        client,
        strings: { mainHeader: hostile, emailPlaceholder: hostile, notificationsLabel: hostile },
      }),
    );
  });
});

describe('first screens left to React', () => {
  it.each([
    ['social buttons', { products: ['oauth', 'emailMagicLinks'] }],
    ['passkeys', { products: ['emailMagicLinks', 'passkeys'] }],
    ['phone passcodes (tabs)', { products: ['otp', 'emailMagicLinks'], otpOptions: { methods: ['sms'] } }],
    ['passwords', { products: ['passwords'] }],
    ['a configuration error', { products: ['passkeys'] }],
    ['the shadow root', { enableShadowDOM: true }],
  ] satisfies [string, LoginConfig][])('%s', (_name, config) => {
    const element = byId('painted');
    expect(prePaintLogin(element, { client: clientWith(DEFAULT_BOOTSTRAP), config })).toBeNull();
    expect(element.childElementCount).toBe(0);
  });

  it('a locale whose words are still loading (React lays it out hidden until they come)', async () => {
    // An earlier file of this worker may have loaded Japanese (one module graph per worker): a new page's state.
    const wereLoaded = WIDGET_LOCALES.filter((tag) => loadedLocaleTable(tag) !== null);
    forgetLoadedLocales();
    try {
      expect(
        prePaintLogin(byId('painted'), { client: clientWith(DEFAULT_BOOTSTRAP), locale: 'ja' }),
      ).toBeNull();
    } finally {
      await Promise.all(wereLoaded.map((tag) => loadLocaleTable(tag)));
    }
  });

  it('an element that already holds a widget (mounting again re-renders it)', () => {
    const client = clientWith(DEFAULT_BOOTSTRAP);
    act(() => {
      rendered.push(renderLogin(byId('react'), { client, elementId: '#react' }, null));
    });
    const before = byId('react').innerHTML;
    expect(prePaintLogin(byId('react'), { client })).toBeNull();
    expect(byId('react').innerHTML).toBe(before);
  });
});

describe('React takes over the painted form', () => {
  it('with the typed address and the focus; one widget in the element', () => {
    const client = clientWith(DEFAULT_BOOTSTRAP);
    const element = byId('login');
    const painted = prePaintLogin(element, { client });
    const input = element.querySelector<HTMLInputElement>('input[type="email"]')!;
    input.focus();
    input.value = 'ada@example.com';
    act(() => {
      rendered.push(renderLogin(element, { client, elementId: '#login' }, painted));
    });
    const taken = element.querySelector<HTMLInputElement>('input[type="email"]')!;
    expect(taken).not.toBe(input);
    expect(element.querySelectorAll('[data-gatehouse-widget]')).toHaveLength(1);
    expect(taken.value).toBe('ada@example.com');
    expect(document.activeElement).toBe(taken);
    expect(element.querySelector('[id^="gh-pre-paint-"]')).toBeNull();
  });

  it('a submit made on the painted form is made by React’s form (the link is sent), never a page load', async () => {
    const client = clientWith(DEFAULT_BOOTSTRAP);
    const element = byId('login');
    const painted = prePaintLogin(element, { client });
    const form = element.querySelector('form')!;
    element.querySelector<HTMLInputElement>('input[type="email"]')!.value = 'ada@example.com';
    const submit = new Event('submit', { cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    expect(client.calls.loginOrCreate).toHaveLength(0);
    await act(async () => {
      rendered.push(renderLogin(element, { client, elementId: '#login' }, painted));
    });
    expect(client.calls.loginOrCreate.map((call) => call.email)).toEqual(['ada@example.com']);
  });

  it('keeps the "Powered by" line it painted when bootstrap hid it while React was loading', () => {
    const answered = { ...DEFAULT_BOOTSTRAP, displayWatermark: false };
    const client = clientWith(DEFAULT_BOOTSTRAP);
    const element = byId('login');
    const painted = prePaintLogin(element, { client });
    expect(element.querySelector('.gh-watermark')?.textContent).toBe('\u00a0');
    client.bootstrap.getSync = () => answered;
    act(() => {
      rendered.push(renderLogin(element, { client, elementId: '#login' }, painted));
    });
    expect(element.querySelector('.gh-watermark')?.textContent).toBe('\u00a0');
  });
});

describe('mountLogin before React’s renderer is there (./mount.ts)', () => {
  it('paints at the call, renders with React when its renderer arrives, and says so with `ready`', async () => {
    // As on a page's first mount: React's renderer not loaded yet (this file loaded it for the tests above).
    provideReactDomClient(null);
    const client = clientWith(DEFAULT_BOOTSTRAP);
    const widget = mountLogin({ client, elementId: '#login' });
    const painted = byId('login').querySelector<HTMLInputElement>('input[type="email"]');
    expect(painted?.id).toMatch(/^gh-pre-paint-/);
    await act(async () => {
      await widget.ready;
    });
    const input = byId('login').querySelector<HTMLInputElement>('input[type="email"]');
    expect(input).not.toBe(painted);
    expect(input?.id).not.toMatch(/^gh-pre-paint-/);
    // Now the renderer is there: the next mount renders at the call, with no pre-paint.
    act(() => {
      widget.unmount();
    });
    act(() => {
      rendered.push(mountLogin({ client, elementId: '#login' }));
    });
    expect(byId('login').querySelector('input[type="email"]')?.id).not.toMatch(/^gh-pre-paint-/);
  });
});

describe('unmounted before React’s renderer arrived', () => {
  it('takes the painted form away and renders nothing later', async () => {
    provideReactDomClient(null);
    const widget = mountLogin({ client: clientWith(DEFAULT_BOOTSTRAP), elementId: '#login' });
    expect(byId('login').childElementCount).toBe(1);
    widget.unmount();
    expect(byId('login').childElementCount).toBe(0);
    await act(async () => {
      await widget.ready;
    });
    expect(byId('login').childElementCount).toBe(0);
  });
});
