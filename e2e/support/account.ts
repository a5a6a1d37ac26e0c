// Steps the account-page suites share (account, account-page, tabs, the screen tour).
import { expect, type Page } from '@playwright/test';
import { waitForMessage } from './outbox';

/** Signs in (or up) by login link through the dev outbox and lands on /account. */
export async function signInByEmail(page: Page, email: string): Promise<void> {
  const before = Date.now();
  await page.goto('/');
  await page.getByRole('tab', { name: 'Email' }).click();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('button', { name: 'Continue with email' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const message = await waitForMessage({
    to: email,
    channel: 'email',
    where: (m) => new Date(m.created_at).getTime() >= before - 1000 && m.links.length > 0,
  });
  await page.goto(message.links[0]!);
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByTestId('account-emails')).toContainText(email);
}

/**
 * Mounts the widget's passkey registration mode into the page's main for the signed-in user, as a site would with
 * the script tag (mountPasskeyRegistration): the page's width, up to the widget's own, as the sign-in page holds it.
 * The account page lists passkeys itself (issue 22 Deliver 2), so this is how tests reach SPEC §2's passkey screens.
 */
export async function mountPasskeyRegistration(page: Page): Promise<void> {
  await page.addScriptTag({ url: '/gatehouse.js' });
  await page.evaluate(() => {
    const token =
      document.querySelector('meta[name="gatehouse-public-token"]')?.getAttribute('content') ?? '';
    const host = document.createElement('div');
    host.id = 'passkey-registration';
    host.style.width = '100%';
    host.style.maxWidth = '400px';
    document.querySelector('main')?.replaceChildren(host);
    const gatehouse = (window as unknown as { Gatehouse: Record<string, (...args: unknown[]) => unknown> })
      .Gatehouse;
    const client = gatehouse.createClient!(token, { baseUrl: location.origin });
    gatehouse.mountPasskeyRegistration!({
      client,
      elementId: '#passkey-registration',
      config: { products: ['passkeys'] },
    });
  });
}
