import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { activateLocale, LOCALE_STORAGE_KEY } from './locale';
import { STRINGS } from './strings';
import { createFakeClient, SAMPLE_SESSION, SAMPLE_USER } from './test-support';

function answering(status: number): typeof fetch {
  return vi.fn(async () => new Response('{}', { status })) as unknown as typeof fetch;
}

describe('App', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(cleanup);

  it('renders the sign-in page with the widget container at / and /_app', () => {
    for (const path of ['/', '/_app']) {
      window.history.replaceState(null, '', path);
      const { unmount } = render(
        <App client={createFakeClient()} widget={<p>widget here</p>} fetchImpl={answering(404)} />,
      );
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.signIn.heading);
      const container = document.getElementById('login');
      expect(container?.textContent).toBe('widget here');
      expect(document.title).toBe(STRINGS.documentTitle.signIn);
      unmount();
    }
  });

  it('issue 27 item 2: the footer language picker switches the app at once, sets <html lang> and dir, keeps the choice', async () => {
    render(<App client={createFakeClient()} widget={null} fetchImpl={answering(404)} />);
    const picker = screen.getByRole('combobox', { name: STRINGS.footer.language });
    expect((picker as HTMLSelectElement).value).toBe('en');
    // Each language is named in itself, marked with its own lang.
    expect(screen.getByRole('option', { name: 'العربية' }).getAttribute('lang')).toBe('ar');
    fireEvent.change(picker, { target: { value: 'ar' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'تسجيل الدخول إلى Gatehouse' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('ar');
    expect(document.title).toBe('تسجيل الدخول · Gatehouse');
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toBeTruthy();
    await act(() => activateLocale('en'));
    window.localStorage.clear();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.signIn.heading);
  });

  it('has banner, navigation and main landmarks', () => {
    render(<App client={createFakeClient()} widget={null} fetchImpl={answering(404)} />);
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: STRINGS.navigation.label })).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    expect(screen.getByTestId('widget-placeholder')).toBeTruthy();
  });

  it('links to the dev outbox only when /dev/project answers 200', async () => {
    const fetchDev = answering(200);
    render(<App client={createFakeClient()} widget={null} fetchImpl={fetchDev} />);
    const link = await screen.findByRole('link', { name: STRINGS.footer.devOutbox });
    expect(link.getAttribute('href')).toBe('/dev/outbox');
    expect(fetchDev).toHaveBeenCalledWith('/dev/project', expect.anything());
    cleanup();

    const fetchProd = answering(404);
    render(<App client={createFakeClient()} widget={null} fetchImpl={fetchProd} />);
    await vi.waitFor(() => expect(fetchProd).toHaveBeenCalled());
    await Promise.resolve();
    expect(screen.queryByRole('link', { name: STRINGS.footer.devOutbox })).toBeNull();
  });

  it('issue 22: a visitor who arrives signed in is taken to /account, replacing the history entry, widget unmounted', async () => {
    window.history.pushState(null, '', '/');
    const before = window.history.length;
    render(
      <App
        client={createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER })}
        widget={<p data-testid="widget">widget here</p>}
        fetchImpl={answering(404)}
      />,
    );
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
    expect(window.history.length).toBe(before);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(STRINGS.account.heading);
    expect(screen.queryByTestId('widget')).toBeNull();
    expect(screen.queryByRole('heading', { name: STRINGS.signIn.heading })).toBeNull();
  });

  it('issue 22: a session made on the sign-in page keeps the page (the widget shows its success), with a notice', async () => {
    const client = createFakeClient();
    render(
      <App client={client} widget={<p data-testid="widget">widget here</p>} fetchImpl={answering(404)} />,
    );
    act(() => {
      client.setSession(SAMPLE_SESSION);
      client.setUser(SAMPLE_USER);
    });
    expect(window.location.pathname).toBe('/');
    expect(screen.getByTestId('widget')).toBeTruthy();
    expect(screen.getByTestId('signed-in-notice').textContent).toContain(
      STRINGS.signIn.signedInAs('ada@example.com'),
    );
  });

  it('issue 22: in development the widget bench (?products=…) stays for a signed-in visitor; in production it leaves', async () => {
    window.history.replaceState(null, '', '/?products=passkeys');
    const dev = render(
      <App
        client={createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER })}
        widget={<p data-testid="widget">widget here</p>}
        fetchImpl={answering(200)}
      />,
    );
    expect(await screen.findByTestId('widget')).toBeTruthy();
    expect(screen.getByTestId('signed-in-notice')).toBeTruthy();
    expect(window.location.pathname).toBe('/');
    dev.unmount();

    render(
      <App
        client={createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER })}
        widget={<p data-testid="widget">widget here</p>}
        fetchImpl={answering(404)}
      />,
    );
    await waitFor(() => expect(window.location.pathname).toBe('/account'));
  });

  it('routes /account, /authenticate, /reset-password and unknown paths', async () => {
    const cases: Array<[string, string]> = [
      ['/account', STRINGS.account.heading],
      // No token in the query: the page says so at once.
      ['/authenticate', STRINGS.authenticate.failedHeading],
      ['/reset-password', STRINGS.resetPassword.heading],
      ['/nope', STRINGS.notFound.heading],
    ];
    for (const [path, heading] of cases) {
      window.history.replaceState(null, '', path);
      const { unmount } = render(
        <App client={createFakeClient()} widget={null} fetchImpl={answering(404)} />,
      );
      await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(heading));
      unmount();
    }
  });
});
