// Issue 22 finding 8: messages of the development project are signed "Gatehouse", the name its web app shows, not
// "Development"; any other project signs with its own name. Sent through the real routes into the dev outbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTP_ROUTES } from '../features/otps/routes';
import { createTestApp, sdkRequest, type TestApp } from '../test-support/app';
import { DEV_PROJECT_NAME } from './dev-origins';
import { PRODUCT_NAME, projectDisplayName } from './display-name';

interface Listed {
  channel: string;
  to: string;
  subject: string | null;
  text: string;
}

describe('projectDisplayName', () => {
  it('names the development project after the product, every other project by its own name', () => {
    expect(projectDisplayName({ name: DEV_PROJECT_NAME, isDevelopment: true })).toBe('Gatehouse');
    expect(PRODUCT_NAME).toBe('Gatehouse');
    expect(projectDisplayName({ name: 'Acme', isDevelopment: false })).toBe('Acme');
    // A production project that happens to be called "Development" keeps the name its operator chose.
    expect(projectDisplayName({ name: DEV_PROJECT_NAME, isDevelopment: false })).toBe(DEV_PROJECT_NAME);
    expect(projectDisplayName({ name: 'Staging', isDevelopment: true })).toBe('Staging');
  });

  describe('in the messages sent', () => {
    let t: TestApp;
    let devToken: string;
    beforeAll(async () => {
      t = await createTestApp({ kind: 'pglite' });
      devToken = (await t.app.inject({ method: 'GET', url: '/dev/project' })).json().public_token;
    });
    afterAll(async () => {
      await t?.close();
    });

    const send = (publicToken: string, url: string, body: unknown) =>
      sdkRequest(t.app, { method: 'POST', url, publicToken, body });
    const outbox = async (to: string): Promise<Listed[]> =>
      (await t.app.inject({ method: 'GET', url: `/dev/outbox/messages?to=${encodeURIComponent(to)}` })).json()
        .messages;

    it('signs the development project’s e-mail and SMS passcodes "Gatehouse"', async () => {
      expect(
        (await send(devToken, OTP_ROUTES.loginOrCreate('email'), { email: 'dev@example.com' })).statusCode,
      ).toBe(200);
      expect(
        (await send(devToken, OTP_ROUTES.loginOrCreate('sms'), { phone_number: '+14155550199' })).statusCode,
      ).toBe(200);
      const [mail] = await outbox('dev@example.com');
      expect(mail?.subject).toBe('Your passcode to finish signing up to Gatehouse');
      expect(mail?.text).toContain('Enter this passcode to finish creating your Gatehouse account:');
      const [sms] = await outbox('+14155550199');
      expect(sms?.text).toMatch(/^\d{6} is your Gatehouse passcode\./);
      for (const message of [mail, sms]) expect(message?.text).not.toContain('Development');
    });

    it('keeps another project’s own name', async () => {
      await send(t.publicToken, OTP_ROUTES.loginOrCreate('email'), { email: 'acme@example.com' });
      const [mail] = await outbox('acme@example.com');
      expect(mail?.subject).toBe(`Your passcode to finish signing up to ${t.project.name}`);
    });
  });
});
