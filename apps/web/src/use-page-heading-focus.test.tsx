import { act, cleanup, render, screen } from '@testing-library/react';
import { useEffect, useRef } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { usePageHeadingFocus } from './use-page-heading-focus';

/** A page that focuses its own field when it shows (as the two-step sign-in focuses its code input). */
function FocusesItsField() {
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []);
  return <input ref={field} aria-label="6-digit code" />;
}

function Shell({ pathname }: { pathname: string }) {
  const main = useRef<HTMLElement>(null);
  usePageHeadingFocus(pathname, main);
  return (
    <>
      <a href="/account">Account</a>
      <main ref={main}>
        <h1>{pathname}</h1>
        {pathname === '/step-up' ? <FocusesItsField /> : null}
      </main>
    </>
  );
}

afterEach(cleanup);

describe('usePageHeadingFocus', () => {
  it('leaves focus alone on the first render, then focuses the new page heading after a navigation', () => {
    const view = render(<Shell pathname="/" />);
    const link = screen.getByRole('link', { name: 'Account' });
    link.focus();
    expect(document.activeElement).toBe(link);

    act(() => view.rerender(<Shell pathname="/account" />));
    const heading = screen.getByRole('heading', { level: 1 });
    expect(document.activeElement).toBe(heading);
    // Focusable by script only, not a tab stop.
    expect(heading.getAttribute('tabindex')).toBe('-1');
  });

  it('does nothing when the path stays the same', () => {
    const view = render(<Shell pathname="/" />);
    const link = screen.getByRole('link', { name: 'Account' });
    link.focus();
    act(() => view.rerender(<Shell pathname="/" />));
    expect(document.activeElement).toBe(link);
  });

  it('keeps focus in a field the new page focused itself', () => {
    const view = render(<Shell pathname="/" />);
    screen.getByRole('link', { name: 'Account' }).focus();
    act(() => view.rerender(<Shell pathname="/step-up" />));
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: '6-digit code' }));
  });
});
