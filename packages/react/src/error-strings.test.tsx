// Issue 22 finding 6's texts load after a call (error-strings.ts), not with every page: a failed call still shows
// them, never the server's developer wording nor a fallback, in English and in a locale, and a `strings` override of
// one still wins. The first test holds the chunk back until after the answer: the banner waits for it.
import { APIError } from '@gatehouse/sdk';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWidgetStrings } from './locale';
import { fr } from './locales/fr';
import { Login, type LoginProps } from './login';
import { GatehouseProvider } from './provider';
import { DEFAULT_STRINGS } from './strings';
import { createFakeClient } from './test-support/fake-client';

// The English texts, written out: importing error-strings.ts here would wait for the gate below.
const EMAIL_TAKEN = 'This email address is already used by another account.';
const DEVELOPER_TEXT = 'A user with this email already exists … of this project.';

let releaseChunk: () => void = () => {};
const chunkReleased = new Promise<void>((resolve) => {
  releaseChunk = resolve;
});
let chunkRequested = false;
vi.mock('./error-strings', async (importOriginal) => {
  chunkRequested = true;
  await chunkReleased;
  return importOriginal();
});

afterEach(() => {
  cleanup();
  // The first test releases it; the others must not wait if that one failed first.
  releaseChunk();
});

function renderLogin(props: LoginProps = {}) {
  const client = createFakeClient();
  client.loginOrCreateImpl = async () => {
    throw new APIError({
      status_code: 409,
      error_type: 'duplicate_email',
      error_message: DEVELOPER_TEXT,
      error_url: '',
    });
  };
  render(
    <GatehouseProvider client={client}>
      <Login {...props} />
    </GatehouseProvider>,
  );
  return client;
}

async function submitEmail(label: string, button: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(label), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: button }));
}

function banner() {
  return document.querySelector('.gh-banner');
}

describe('the error texts, loaded after a call (error-strings.ts)', () => {
  it("English: the banner waits for the table, then shows its text, not the server's", async () => {
    const client = renderLogin();
    await submitEmail('Email', 'Continue with email');
    // The chunk was asked for when the call started; the call has failed, its text is still on the way: the form
    // stays busy and shows no other text meanwhile.
    await waitFor(() => expect(client.calls.loginOrCreate).toHaveLength(1));
    expect(chunkRequested).toBe(true);
    expect(banner()?.textContent ?? null).toBeNull();
    expect(document.querySelector('form[aria-busy="true"]')).not.toBeNull();
    releaseChunk();
    await waitFor(() => expect(banner()?.textContent).toContain(EMAIL_TAKEN));
    expect(document.body.textContent).not.toContain(DEVELOPER_TEXT);
  });

  it('are not in the first load: the mapped texts are no key of DEFAULT_STRINGS, only the offline one is', () => {
    for (const key of ['emailTaken', 'phoneNumberTaken', 'loginLinkUnusable', 'invalidPasscode'])
      expect(Object.hasOwn(DEFAULT_STRINGS, key), key).toBe(false);
    // Shown when the network is down, when no chunk can arrive.
    expect(DEFAULT_STRINGS.serviceUnreachable).toBeTruthy();
  });

  it("in a locale: the locale's text for the type", async () => {
    renderLogin({ locale: 'fr' });
    await submitEmail('E-mail', fr.continueWithEmail);
    await waitFor(() => expect(banner()?.textContent).toContain(fr.emailTaken));
    expect(fr.emailTaken).not.toBe(EMAIL_TAKEN);
  });

  it('a `strings` override of the text wins over the locale and English, also through config.strings', async () => {
    renderLogin({ locale: 'fr', strings: { emailTaken: 'Adresse déjà prise chez Exemple.' } });
    await submitEmail('E-mail', fr.continueWithEmail);
    await waitFor(() => expect(banner()?.textContent).toContain('Adresse déjà prise chez Exemple.'));
    cleanup();
    renderLogin({ config: { strings: { emailTaken: 'Taken here.' } } });
    await submitEmail('Email', 'Continue with email');
    await waitFor(() => expect(banner()?.textContent).toContain('Taken here.'));
  });

  it('loadWidgetStrings gives them with the rest of the table, in the locale', async () => {
    expect((await loadWidgetStrings('en')).emailTaken).toBe(EMAIL_TAKEN);
    expect((await loadWidgetStrings('fr')).emailTaken).toBe(fr.emailTaken);
    expect((await loadWidgetStrings('fr')).mainHeader).toBe(fr.mainHeader);
  });
});
