import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Link, matchRoute, navigate, usePathname, useSearch } from './router';

function CurrentPath() {
  return <output data-testid="path">{usePathname()}</output>;
}

function CurrentSearch() {
  return <output data-testid="search">{useSearch()}</output>;
}

describe('matchRoute', () => {
  it('maps the page routes the server serves', () => {
    expect(matchRoute('/')).toBe('sign-in');
    expect(matchRoute('/_app')).toBe('sign-in');
    expect(matchRoute('/account')).toBe('account');
    expect(matchRoute('/account/')).toBe('account');
    expect(matchRoute('/authenticate')).toBe('authenticate');
    expect(matchRoute('/reset-password')).toBe('reset-password');
  });

  it('answers not-found for anything else', () => {
    expect(matchRoute('/accounts')).toBe('not-found');
    expect(matchRoute('/account/x')).toBe('not-found');
    expect(matchRoute('//')).toBe('sign-in');
  });
});

describe('navigation', () => {
  beforeEach(() => window.history.replaceState(null, '', '/'));
  afterEach(cleanup);

  it('navigate() pushes history and re-renders subscribers; back returns', async () => {
    render(<CurrentPath />);
    expect(screen.getByTestId('path').textContent).toBe('/');
    act(() => navigate('/account'));
    expect(screen.getByTestId('path').textContent).toBe('/account');
    const before = window.history.length;
    act(() => navigate('/authenticate', { replace: true }));
    expect(window.history.length).toBe(before);
    expect(screen.getByTestId('path').textContent).toBe('/authenticate');
  });

  it('a plain click on <Link> navigates in-app without reloading', async () => {
    render(
      <>
        <Link to="/account">Account</Link>
        <CurrentPath />
      </>,
    );
    await userEvent.click(screen.getByRole('link', { name: 'Account' }));
    expect(window.location.pathname).toBe('/account');
    expect(screen.getByTestId('path').textContent).toBe('/account');
  });

  it('a modified click is left to the browser', async () => {
    render(
      <>
        <Link to="/account">Account</Link>
        <CurrentPath />
      </>,
    );
    const user = userEvent.setup();
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'Account' }));
    await user.keyboard('{/Control}');
    expect(screen.getByTestId('path').textContent).toBe('/');
  });

  it('useSearch() follows the query string across navigations', () => {
    render(<CurrentSearch />);
    expect(screen.getByTestId('search').textContent).toBe('');
    act(() => navigate('/?products=otp&shadow=1'));
    expect(screen.getByTestId('search').textContent).toBe('?products=otp&shadow=1');
    act(() => navigate('/account'));
    expect(screen.getByTestId('search').textContent).toBe('');
  });
});
