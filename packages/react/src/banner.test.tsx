// The banner's code comes with the error texts' chunk (banner.tsx): should that chunk fail to load, a failure still
// shows its message, as plain text, in the live region.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { BannerRegion } from './banner';
import { renderFrame } from './test-support/render-frame';
import { useWidget } from './widget-context';

vi.mock('./error-strings', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

afterEach(cleanup);

function Trigger() {
  const { dispatch } = useWidget();
  return (
    <button
      type="button"
      onClick={() =>
        dispatch({
          type: 'show-banner',
          banner: { variant: 'error', error: { message: 'The code has expired.', helpUrl: null } },
        })
      }
    >
      fail
    </button>
  );
}

it('shows the message as plain text when the banner code cannot be loaded', async () => {
  renderFrame(() => (
    <>
      <Trigger />
      <BannerRegion />
    </>
  ));
  await userEvent.setup().click(screen.getByRole('button', { name: 'fail' }));
  const message = await screen.findByText('The code has expired.');
  expect(message.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
});
