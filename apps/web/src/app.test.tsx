import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
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

  it('the sign-in page tells a signed-in visitor where their account is', () => {
    render(
      <App
        client={createFakeClient({ session: SAMPLE_SESSION, user: SAMPLE_USER })}
        widget={null}
        fetchImpl={answering(404)}
      />,
    );
    expect(screen.getByTestId('signed-in-notice').textContent).toContain(
      STRINGS.signIn.signedInAs('ada@example.com'),
    );
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
