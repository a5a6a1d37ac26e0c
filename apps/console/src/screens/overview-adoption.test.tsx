// Issue 26 "Overview: passkey and second-factor adoption": the two shares from the stats answer's `adoption`, the
// empty state of a project without users, and axe.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { STRINGS } from '../strings';
import {
  createAdminStandIn,
  expectAccessible,
  json,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
  statsOf,
} from '../test-support';

function standIn(adoption: ReturnType<typeof statsOf>['adoption']) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...OWNER, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on('GET', '/projects/:project/stats', json(200, statsOf({ adoption })));
  return admin;
}

describe('the overview’s adoption panel', () => {
  afterEach(resetDocument);

  it('shows the share of users holding a passkey and a second factor', async () => {
    renderConsole('/', { admin: standIn({ users: 40, passkey_users: 10, second_factor_users: 3 }) });
    const panel = await screen.findByRole('region', { name: STRINGS.adoption.heading });
    const passkeys = within(panel).getByTestId('adoption-passkeys');
    expect(passkeys.textContent).toContain('25%');
    expect(passkeys.textContent).toContain(STRINGS.adoption.share(10, 40));
    const secondFactor = within(panel).getByTestId('adoption-second-factor');
    expect(secondFactor.textContent).toContain('8%');
    expect(secondFactor.textContent).toContain(STRINGS.adoption.share(3, 40));
    const meter = within(panel).getByRole('meter', { name: STRINGS.adoption.passkeys });
    expect(meter.getAttribute('value')).toBe('10');
    expect(meter.getAttribute('max')).toBe('40');
    await expectAccessible();
  });

  it('says so when the project has no users', async () => {
    renderConsole('/', { admin: standIn({ users: 0, passkey_users: 0, second_factor_users: 0 }) });
    const panel = await screen.findByRole('region', { name: STRINGS.adoption.heading });
    expect(within(panel).getByText(STRINGS.adoption.empty)).toBeTruthy();
    expect(within(panel).queryByRole('meter')).toBeNull();
    await expectAccessible();
  });
});
