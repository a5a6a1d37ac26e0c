// security-tests.md XS-01 (attacker text renders as text) and XS-02 (links in errors) for the widget.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorText } from './error-text';
import { describeError } from './errors';
import { Login } from './login';
import { GatehouseProvider } from './provider';
import { DEFAULT_STRINGS } from './strings';
import { apiError, createFakeClient } from './test-support/fake-client';

afterEach(cleanup);

const HOSTILE_TEXT = [
  '"><img src=x onerror="window.xss=1">',
  '<svg onload="window.xss=1"></svg>',
  '<script>window.xss=1</script>',
  `\u202Egnp.exe ${'A'.repeat(5000)}`,
];

describe('XS-01: attacker-controlled text renders as text', () => {
  it.each(HOSTILE_TEXT)('server message %#', async (message) => {
    const client = createFakeClient();
    client.loginOrCreateImpl = () =>
      Promise.reject(apiError({ error_type: 'invalid_email', error_message: message }));
    const { container } = render(
      <GatehouseProvider client={client}>
        <Login />
      </GatehouseProvider>,
    );
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue with email' }));
    const banner = await screen.findByText(message);
    expect(banner.textContent).toBe(message);
    expect(container.querySelector('.gh-banner img, .gh-banner svg, .gh-banner script')).toBeNull();
    expect((window as unknown as { xss?: number }).xss).toBeUndefined();
  });

  it('a hostile strings override stays text too', () => {
    render(
      <GatehouseProvider client={createFakeClient()}>
        <Login strings={{ mainHeader: '<img src=x onerror="window.xss=1">' }} />
      </GatehouseProvider>,
    );
    expect(screen.getByRole('heading').textContent).toBe('<img src=x onerror="window.xss=1">');
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('XS-02: error messages that contain links', () => {
  const HOSTILE_URLS = [
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '//evil.com/x',
    ' javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'https://evil.test/phish',
    'http://gatehouse.dev/docs',
    'https://gatehouse.dev.evil.test/x',
    'https://gatehouse.dev@evil.test/x',
  ];

  it.each(HOSTILE_URLS)('error_url %j is never a link', (url) => {
    const error = describeError({ error_message: 'Failed.', error_url: url }, 'fallback', DEFAULT_STRINGS);
    const { container } = render(<ErrorText error={error} helpLinkText="Learn more" />);
    expect(container.querySelector('a')).toBeNull();
  });

  it.each(HOSTILE_URLS)('%j inside the message stays text', (url) => {
    const message = `Failed, see ${url} now`;
    const { container } = render(<ErrorText error={{ message, helpUrl: null }} helpLinkText="Learn more" />);
    expect(container.querySelector('a')).toBeNull();
    expect(container.textContent).toBe(message);
  });

  it('links the Gatehouse documentation with rel="noopener noreferrer" in a new tab', () => {
    const error = describeError(
      {
        error_message: 'Expired, see https://gatehouse.dev/docs/errors#unable_to_auth_magic_link.',
        error_url: 'https://gatehouse.dev/docs/errors#unable_to_auth_magic_link',
      },
      'fallback',
      DEFAULT_STRINGS,
    );
    const { container } = render(<ErrorText error={error} helpLinkText="Learn more" />);
    const links = container.querySelectorAll('a');
    // The URL already in the text is not repeated as 'Learn more'.
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe(
      'https://gatehouse.dev/docs/errors#unable_to_auth_magic_link',
    );
    expect(links[0]?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(links[0]?.getAttribute('target')).toBe('_blank');
    expect(container.textContent).toBe(
      'Expired, see https://gatehouse.dev/docs/errors#unable_to_auth_magic_link.',
    );
  });

  it("adds 'Learn more' for an allowed error_url that is not in the text", () => {
    act(() => {
      render(
        <ErrorText
          error={{ message: 'Expired.', helpUrl: 'https://gatehouse.dev/docs/errors#x' }}
          helpLinkText="Learn more"
        />,
      );
    });
    expect(screen.getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe(
      'https://gatehouse.dev/docs/errors#x',
    );
  });
});
