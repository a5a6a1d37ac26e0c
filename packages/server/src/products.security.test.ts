// Issue 8 item 2 / security-tests.md AT-04: every /sdk/v1 route of a product answers 403 product_not_enabled
// when the project has not enabled that product, and the call changes nothing: no row written, no message sent.
// The routes come from the app's own registry, so a route added later without an entry here fails this test.
import { PRODUCTS, type Product } from '@gatehouse/protocol';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordingDelivery } from './features/magic-links/test-helpers';
import { createProject } from './features/projects/project-service';
import { signIn } from './features/sessions/test-fixtures';
import type { ProjectRecord } from './infra/context';
import { createTestApp, sdkRequest, TEST_ORIGIN, TEST_REDIRECT_URL, type TestApp } from './test-support/app';
import { testDatabaseKinds } from './test-support/database';
import { snapshotTables } from './test-support/snapshot';

/** A body each route would accept if its product were enabled (so only the product check can refuse it). */
const VALID_BODIES: Record<string, unknown> = {
  'POST /sdk/v1/magic_links/email/login_or_create': { email: 'ada@example.com' },
  'POST /sdk/v1/magic_links/email/send/primary': { email: 'ada@example.com' },
  'POST /sdk/v1/magic_links/email/send/secondary': { email: 'ada.two@example.com' },
  'POST /sdk/v1/magic_links/authenticate': { token: 'a'.repeat(43) },
  'POST /sdk/v1/otps/sms/login_or_create': { phone_number: '+14155550123' },
  'POST /sdk/v1/otps/sms/send/primary': { phone_number: '+14155550123' },
  'POST /sdk/v1/otps/sms/send/secondary': { phone_number: '+14155550124' },
  'POST /sdk/v1/otps/whatsapp/login_or_create': { phone_number: '+14155550123' },
  'POST /sdk/v1/otps/whatsapp/send/primary': { phone_number: '+14155550123' },
  'POST /sdk/v1/otps/whatsapp/send/secondary': { phone_number: '+14155550124' },
  'POST /sdk/v1/otps/email/login_or_create': { email: 'ada@example.com' },
  'POST /sdk/v1/otps/email/send/primary': { email: 'ada@example.com' },
  'POST /sdk/v1/otps/email/send/secondary': { email: 'ada.two@example.com' },
  'POST /sdk/v1/otps/authenticate': { token: '123456', method_id: 'phone-number-test-x' },
  'POST /sdk/v1/webauthn/register/start': { domain: 'localhost', return_passkey_credential_options: true },
  'POST /sdk/v1/webauthn/register': { public_key_credential: '{}' },
  'POST /sdk/v1/webauthn/authenticate/start/primary': { domain: 'localhost' },
  'POST /sdk/v1/webauthn/authenticate/start/secondary': { domain: 'localhost' },
  'POST /sdk/v1/webauthn/authenticate': { public_key_credential: '{}' },
  'PUT /sdk/v1/webauthn/update/:id': { name: 'Laptop' },
  'POST /sdk/v1/passwords': { email: 'ada@example.com', password: 'Tumbling-Kettle-Orbit-4471' },
  'POST /sdk/v1/passwords/authenticate': { email: 'ada@example.com', password: 'Tumbling-Kettle-Orbit-4471' },
  'POST /sdk/v1/passwords/email/reset/start': { email: 'ada@example.com' },
  'POST /sdk/v1/passwords/email/reset': { token: 'a'.repeat(43), password: 'Tumbling-Kettle-Orbit-4471' },
  'POST /sdk/v1/passwords/existing_password/reset': {
    email: 'ada@example.com',
    existing_password: 'Tumbling-Kettle-Orbit-4471',
    new_password: 'Velvet-Quarry-Nimbus-8203',
  },
  'POST /sdk/v1/passwords/session/reset': { password: 'Tumbling-Kettle-Orbit-4471' },
  'POST /sdk/v1/passwords/strength_check': { password: 'Tumbling-Kettle-Orbit-4471' },
  'POST /sdk/v1/users/search': { email: 'ada@example.com' },
  'POST /sdk/v1/oauth/authenticate': { token: 'a'.repeat(43) },
  'POST /sdk/v1/oauth/google/onetap/start': {},
  'POST /sdk/v1/oauth/google/onetap/submit': {
    id_token: 'a.b.c',
    csrf_token: 'a'.repeat(43),
    oauth_callback_id: 'oauth-one-tap-test-x',
  },
  'POST /sdk/v1/crypto_wallets/authenticate/start/primary': {
    crypto_wallet_address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    crypto_wallet_type: 'ethereum',
  },
  'POST /sdk/v1/crypto_wallets/authenticate/start/secondary': {
    crypto_wallet_address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    crypto_wallet_type: 'ethereum',
  },
  'POST /sdk/v1/crypto_wallets/authenticate': {
    crypto_wallet_address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    crypto_wallet_type: 'ethereum',
    signature: `0x${'11'.repeat(65)}`,
  },
};

describe.each(testDatabaseKinds())('products enforced on %s', (kind) => {
  const delivery = recordingDelivery();
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind, delivery });
  });
  beforeEach(async () => {
    await t.reset();
    delivery.messages.length = 0;
  });
  afterAll(async () => {
    await t.close();
  });

  const productRoutes = () =>
    t.app.gatehouseRoutes.filter(
      (route) => route.config.product !== undefined && route.url.startsWith('/sdk/v1'),
    );

  async function projectWithout(product: Product): Promise<ProjectRecord> {
    return (
      await createProject(t.ctx, {
        name: `Without ${product}`,
        allowedOrigins: [TEST_ORIGIN],
        allowedRedirectUrls: [TEST_REDIRECT_URL],
        enabledProducts: PRODUCTS.filter((each) => each !== product),
      })
    ).project;
  }

  it('covers every product route the app registers', () => {
    const keys = productRoutes().map((route) => `${route.method} ${route.url}`);
    expect(keys.length).toBeGreaterThanOrEqual(Object.keys(VALID_BODIES).length);
    expect(keys.filter((key) => !(key in VALID_BODIES))).toEqual([]);
  });

  it('tags each route family with its product (e-mail passcodes belong to otp)', () => {
    const productOf = (prefix: string) =>
      new Set(
        productRoutes()
          .filter((r) => r.url.startsWith(prefix))
          .map((r) => r.config.product),
      );
    expect(productOf('/sdk/v1/magic_links/')).toEqual(new Set(['emailMagicLinks']));
    expect(productOf('/sdk/v1/otps/')).toEqual(new Set(['otp']));
    expect(productOf('/sdk/v1/webauthn/')).toEqual(new Set(['passkeys']));
    expect(productOf('/sdk/v1/crypto_wallets/')).toEqual(new Set(['crypto']));
  });

  it('answers 403 product_not_enabled on every route of a disabled product and changes nothing', async () => {
    for (const route of productRoutes()) {
      const product = route.config.product!;
      const project = await projectWithout(product);
      // A signed-in caller, so routes that need a session could otherwise proceed.
      const { session_token } = await signIn(t.ctx, project, `owner-${product}@example.com`);
      const before = await snapshotTables(t.ctx.db);
      const response = await sdkRequest(t.app, {
        method: route.method as 'POST' | 'PUT',
        url: route.url.replace(':id', 'webauthn-registration-test-x'),
        publicToken: project.publicTokenTest,
        sessionToken: session_token,
        body: VALID_BODIES[`${route.method} ${route.url}`],
        headers: { origin: TEST_ORIGIN },
      });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(response.json()).toMatchObject({
        status_code: 403,
        error_type: 'product_not_enabled',
        error_message: `The ${product} product is not enabled for this project.`,
      });
      // The SDK can read the refusal cross-origin (it is its own API error, not "unreachable").
      expect(response.headers['access-control-allow-origin']).toBe(TEST_ORIGIN);
      expect(await snapshotTables(t.ctx.db), `${route.method} ${route.url}`).toEqual(before);
      expect(delivery.messages).toEqual([]);
    }
  });

  it('still answers the same calls once the product is enabled (the check is the product, not the route)', async () => {
    const sms = await sdkRequest(t.app, {
      method: 'POST',
      url: '/otps/sms/login_or_create',
      publicToken: t.publicToken,
      body: { phone_number: '+14155550123' },
    });
    expect(sms.statusCode).toBe(200);
    expect(delivery.messages.map((message) => message.channel)).toEqual(['sms']);
  });

  it('leaves the routes of no product (sessions, users, bootstrap) open on a project with no products', async () => {
    const bare = (
      await createProject(t.ctx, {
        name: 'Bare',
        allowedOrigins: [TEST_ORIGIN],
        allowedRedirectUrls: [],
        enabledProducts: [],
      })
    ).project;
    const { session_token } = await signIn(t.ctx, bare, 'bare@example.com');
    const me = await sdkRequest(t.app, {
      method: 'GET',
      url: '/users/me',
      publicToken: bare.publicTokenTest,
      sessionToken: session_token,
    });
    expect(me.statusCode).toBe(200);
    const bootstrap = await sdkRequest(t.app, {
      method: 'GET',
      url: `/projects/bootstrap/${bare.publicTokenTest}`,
      publicToken: bare.publicTokenTest,
    });
    expect(bootstrap.statusCode).toBe(200);
  });
});
