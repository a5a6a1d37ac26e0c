// Issue 12 item 3: "The wallet code loads only when the crypto product is on." With the product off, neither the
// section's chunk is imported nor a wallet asked to announce itself; with it on, both happen. (A file of its own:
// the other crypto tests load the chunk up front.)
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Login } from '../../login';
import { GatehouseProvider } from '../../provider';
import { createFakeClient } from '../../test-support/fake-client';

const loaded = vi.hoisted(() => ({ section: 0, discovery: 0 }));
vi.mock('./crypto-section', async (importOriginal) => {
  loaded.section += 1;
  return importOriginal();
});
vi.mock('./wallet-discovery', async (importOriginal) => {
  loaded.discovery += 1;
  return importOriginal();
});

afterEach(() => cleanup());

describe('the crypto chunk', () => {
  it('is not imported, and no wallet asked, when the crypto product is off', async () => {
    const requests = vi.fn();
    const appReady = vi.fn();
    window.addEventListener('eip6963:requestProvider', requests);
    window.addEventListener('wallet-standard:app-ready', appReady);
    try {
      render(
        <GatehouseProvider client={createFakeClient()}>
          <Login
            config={{
              products: ['oauth', 'emailMagicLinks'],
              oauthOptions: { providers: [{ type: 'github' }] },
            }}
          />
        </GatehouseProvider>,
      );
      await screen.findByRole('button', { name: 'Continue with GitHub' }, { timeout: 20_000 });
      expect(screen.getByRole('button', { name: 'Continue with email' })).toBeTruthy();
      expect(loaded).toEqual({ section: 0, discovery: 0 });
      expect(requests).not.toHaveBeenCalled();
      expect(appReady).not.toHaveBeenCalled();
      cleanup();

      // The same page with the product on: the chunk loads and discovery asks the wallets.
      render(
        <GatehouseProvider client={createFakeClient()}>
          <Login config={{ products: ['crypto', 'emailMagicLinks'] }} />
        </GatehouseProvider>,
      );
      await screen.findByRole('button', { name: 'Set up a new crypto wallet' }, { timeout: 20_000 });
      expect(loaded).toEqual({ section: 1, discovery: 1 });
      expect(requests).toHaveBeenCalledTimes(1);
      expect(appReady).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener('eip6963:requestProvider', requests);
      window.removeEventListener('wallet-standard:app-ready', appReady);
    }
  }, 60_000);
});
