// Renders the whole account page against test-support's fake client, inside <GatehouseProvider> as App does
// (the passkey section needs it), so each section's tests exercise the real query client and toasts.
import { GatehouseProvider } from '@gatehouse/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AccountPage } from '../pages/account-page';
import type { FakeClient } from '../test-support';

export function renderAccountPage(client: FakeClient) {
  return render(
    <GatehouseProvider client={client}>
      <AccountPage client={client} />
    </GatehouseProvider>,
  );
}

/** Issue 22 finding 5: a destructive change asks first; this presses the dialog's confirm button (a real click). */
export async function confirmInDialog(confirmLabel: string) {
  const dialog = await screen.findByRole('dialog');
  await userEvent.click(within(dialog).getByRole('button', { name: confirmLabel }));
}
