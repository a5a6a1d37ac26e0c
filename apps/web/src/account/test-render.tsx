// Renders the whole account page against test-support's fake client, inside <GatehouseProvider> as App does
// (the passkey section needs it), so each section's tests exercise the real query client and toasts.
import { GatehouseProvider } from '@gatehouse/react';
import { render } from '@testing-library/react';
import { AccountPage } from '../pages/account-page';
import type { FakeClient } from '../test-support';

export function renderAccountPage(client: FakeClient) {
  return render(
    <GatehouseProvider client={client}>
      <AccountPage client={client} />
    </GatehouseProvider>,
  );
}
