// Issue 20 item 3: "Confirm it's you" as the widget's passkey screens use it (ReauthenticationFrame): renaming and
// creating a passkey ask too, Cancel puts the screen back as it was with focus on the control that asked; the step
// works inside a shadow root and takes its texts from the strings overrides.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PasskeyRegistration } from '../passkey-registration';
import { GatehouseProvider } from '../provider';
import { apiError } from '../test-support/fake-client';
import {
  ALL_PRODUCTS,
  clientFor,
  names,
  openStep,
  RECENT_SIGN_IN_NEEDED,
} from '../test-support/reauthentication';
import { REAUTHENTICATION_STRINGS as TEXT } from './reauthentication-strings';
import { loadReauthenticationStep } from './screens';

beforeAll(() => loadReauthenticationStep());

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('"Confirm it\'s you" in the passkey list', () => {
  it('renaming asks too; Cancel puts the old name back', async () => {
    const client = clientFor({});
    client.webauthnUpdateImpl = () => Promise.reject(RECENT_SIGN_IN_NEEDED());
    const user = userEvent.setup();
    render(
      <GatehouseProvider client={client}>
        <PasskeyRegistration config={ALL_PRODUCTS} />
      </GatehouseProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Skip' }));
    await user.click(await screen.findByRole('button', { name: 'Edit Pixel' }));
    const input = screen.getByRole('textbox', { name: 'Passkey name' });
    await user.clear(input);
    await user.type(input, 'Work phone{Enter}');
    await screen.findByRole('heading', { name: TEXT.reauthenticationTitle });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(names()).toEqual(['MacBook', 'Pixel']);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Pixel' })),
    );
  });

  it('works inside a shadow root (enableShadowDOM)', async () => {
    const client = clientFor({});
    const user = userEvent.setup();
    const view = render(
      <GatehouseProvider client={client}>
        <PasskeyRegistration config={{ ...ALL_PRODUCTS, enableShadowDOM: true }} />
      </GatehouseProvider>,
    );
    const shadow = view.container.querySelector<HTMLElement>('[data-gatehouse-shadow-host]')!.shadowRoot!;
    const inShadow = within(shadow as unknown as HTMLElement);
    await user.click(await inShadow.findByRole('button', { name: 'Skip' }));
    await waitFor(() => expect(client.calls.userGet).toBe(1));
    await user.click(await inShadow.findByRole('button', { name: 'Delete MacBook' }));
    await user.click(inShadow.getByRole('button', { name: 'Delete' }));
    const heading = await inShadow.findByRole('heading', { name: TEXT.reauthenticationTitle });
    expect(shadow.activeElement).toBe(heading);
    await user.click(inShadow.getByRole('button', { name: TEXT.reauthenticationUsePasskey }));
    await waitFor(() =>
      expect(inShadow.queryByRole('heading', { name: TEXT.reauthenticationTitle })).toBeNull(),
    );
    expect(
      within(inShadow.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.querySelector('.gh-passkey-name')?.textContent),
    ).toEqual(['Pixel']);
  });

  it('takes its texts from the strings overrides', async () => {
    const client = clientFor({});
    await openStep(
      client,
      {
        config: ALL_PRODUCTS,
        strings: {
          reauthenticationTitle: 'Bitte bestätigen',
          reauthenticationUsePasskey: 'Passkey verwenden',
        },
      },
      'Bitte bestätigen',
    );
    expect(screen.getByRole('button', { name: 'Passkey verwenden' })).toBeTruthy();
  });
});

describe('"Confirm it\'s you" when creating a passkey', () => {
  it('second_factor_required on registration: confirm with the app, the registration runs again', async () => {
    const client = clientFor({ totps: [{ totp_id: 'totp-1', verified: true }] });
    let stepped = false;
    client.totpAuthenticateImpl = async () => {
      stepped = true;
      return { request_id: 'r', status_code: 200, __user: {} };
    };
    client.webauthnRegisterImpl = async () => {
      if (!stepped)
        throw apiError({
          error_type: 'second_factor_required',
          error_message: 'code first',
          status_code: 403,
        });
      return { request_id: 'r', status_code: 200, webauthn_registration_id: 'wr-new', __user: {} };
    };
    const user = userEvent.setup();
    const view = render(
      <GatehouseProvider client={client}>
        <PasskeyRegistration config={ALL_PRODUCTS} />
      </GatehouseProvider>,
    );
    const root = () => view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
    await user.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
    await screen.findByRole('heading', { name: TEXT.reauthenticationTitle });
    expect(root().dataset.state).toBe('passkey-registration.creating');
    await user.type(screen.getByLabelText(TEXT.reauthenticationTotpLabel), '123456');
    expect(await screen.findByRole('heading', { name: 'Passkey successfully created!' })).toBeTruthy();
    expect(client.calls.webauthnRegister).toHaveLength(2);
  });

  it('Cancel returns to the start screen without a message, focus on "Create a Passkey"', async () => {
    const client = clientFor({ totps: [{ totp_id: 'totp-1', verified: true }] });
    client.webauthnRegisterImpl = () => Promise.reject(RECENT_SIGN_IN_NEEDED());
    const user = userEvent.setup();
    const view = render(
      <GatehouseProvider client={client}>
        <PasskeyRegistration config={ALL_PRODUCTS} />
      </GatehouseProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Create a Passkey' }));
    await screen.findByRole('heading', { name: TEXT.reauthenticationTitle });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const root = view.container.querySelector<HTMLElement>('[data-gatehouse-widget]')!;
    expect(root.dataset.state).toBe('passkey-registration');
    expect(root.querySelector('.gh-banner')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Create a Passkey' })),
    );
    expect(client.calls.webauthnRegister).toHaveLength(1);
  });
});
