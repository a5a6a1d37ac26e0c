import { DEFAULT_BOOTSTRAP } from '@gatehouse/protocol';
import { describe, expect, it } from 'vitest';
import { parseBootstrap } from './bootstrap';
import { BOOTSTRAP_WIRE, createTestClient, json, PUBLIC_TOKEN, STATE_KEY } from './test-support/fakes';

describe('parseBootstrap (wire-format.md §4.11)', () => {
  it('maps every snake_case field to the SDK field', () => {
    expect(
      parseBootstrap({
        ...BOOTSTRAP_WIRE,
        disable_sdk_watermark: false,
        cname_domain: 'auth.example.com',
        captcha_settings: { enabled: true, siteKey: 'site' },
        pkce_required_for_email_magic_links: true,
        pkce_required_for_password_resets: true,
        pkce_required_for_oauth: true,
        pkce_required_for_sso: true,
        slug_pattern: 'x',
        create_organization_enabled: true,
        password_config: { luds_complexity: 3, luds_minimum_count: 10 },
        dfp_protected_auth_enabled: true,
        dfp_protected_auth_mode: 'DECISIONING',
        rbac_policy: { roles: [], resources: [] },
        require_second_factor: true,
        theme: { colors: { primary: '#0A6E3C' } },
      }),
    ).toEqual({
      displayWatermark: true,
      cnameDomain: 'auth.example.com',
      emailDomains: ['example.com'],
      captchaSettings: { enabled: true, siteKey: 'site' },
      pkceRequiredForEmailMagicLinks: true,
      pkceRequiredForPasswordResets: true,
      pkceRequiredForOAuth: true,
      pkceRequiredForSso: true,
      slugPattern: 'x',
      createOrganizationEnabled: true,
      passwordConfig: { ludsComplexity: 3, ludsMinimumCount: 10 },
      runDFPProtectedAuth: true,
      dfpProtectedAuthMode: 'DECISIONING',
      rbacPolicy: { roles: [], resources: [] },
      secondFactorRequired: true,
      theme: { colors: { primary: '#0A6E3C' } },
    });
  });

  it('reads theme (a Gatehouse extra, issue 26) as null unless it is an object', () => {
    const { theme, ...withoutIt } = BOOTSTRAP_WIRE;
    expect(parseBootstrap(withoutIt).theme).toBeNull();
    for (const value of ['#0A6E3C', ['#0A6E3C'], 7, null]) {
      expect(parseBootstrap({ ...BOOTSTRAP_WIRE, theme: value }).theme).toBeNull();
    }
  });

  it('reads require_second_factor (a Gatehouse extra) as false unless it is exactly true', () => {
    const { require_second_factor, ...withoutIt } = BOOTSTRAP_WIRE;
    expect(parseBootstrap(withoutIt).secondFactorRequired).toBe(false);
    expect(parseBootstrap({ ...BOOTSTRAP_WIRE, require_second_factor: 'true' }).secondFactorRequired).toBe(
      false,
    );
    expect(parseBootstrap({ ...BOOTSTRAP_WIRE, require_second_factor: true }).secondFactorRequired).toBe(
      true,
    );
  });

  it('defaults the optional DFP and RBAC fields', () => {
    const { dfp_protected_auth_enabled, dfp_protected_auth_mode, rbac_policy, ...rest } = BOOTSTRAP_WIRE;
    expect(parseBootstrap(rest)).toMatchObject({
      runDFPProtectedAuth: false,
      dfpProtectedAuthMode: 'OBSERVATION',
      rbacPolicy: null,
      displayWatermark: false,
    });
  });

  it('throws without password_config or with malformed captcha_settings', () => {
    const { password_config, ...withoutPasswordConfig } = BOOTSTRAP_WIRE;
    expect(() => parseBootstrap(withoutPasswordConfig)).toThrow();
    expect(() => parseBootstrap({ ...BOOTSTRAP_WIRE, captcha_settings: undefined })).toThrow();
    expect(() => parseBootstrap({ ...BOOTSTRAP_WIRE, captcha_settings: { enabled: true } })).toThrow();
    expect(() => parseBootstrap(null)).toThrow();
  });
});

describe('bootstrap module', () => {
  it('fetches GET /projects/bootstrap/{token} once and caches the mapped value', async () => {
    const { client, requests, storage } = createTestClient({
      routes: {
        [`GET /projects/bootstrap/${PUBLIC_TOKEN}`]: () =>
          json(200, { data: { ...BOOTSTRAP_WIRE, pkce_required_for_email_magic_links: true } }),
      },
    });
    expect(client.bootstrap.getSync()).toEqual(DEFAULT_BOOTSTRAP);
    const data = await client.bootstrap.get();
    expect(data.pkceRequiredForEmailMagicLinks).toBe(true);
    expect(client.bootstrap.getSync()).toBe(data);
    expect(requests.filter((r) => r.path.startsWith('/projects/bootstrap/'))).toHaveLength(1);
    expect(requests[0]?.headers.Authorization).toMatch(/^Basic /);
    expect(JSON.parse(storage.getItem(`${STATE_KEY}::bootstrap`) ?? '')).toEqual(data);
    client.dispose();
  });

  it('serves DEFAULT_BOOTSTRAP itself while nothing is cached (the widget reads that as not known yet)', () => {
    const { client } = createTestClient();
    expect(client.bootstrap.getSync()).toBe(DEFAULT_BOOTSTRAP);
    const cached = createTestClient({ stored: { [`${STATE_KEY}::bootstrap`]: DEFAULT_BOOTSTRAP } });
    expect(cached.client.bootstrap.getSync()).not.toBe(DEFAULT_BOOTSTRAP);
    client.dispose();
    cached.client.dispose();
  });

  it('serves the cached value synchronously before the request finishes', () => {
    const cached = { ...DEFAULT_BOOTSTRAP, emailDomains: ['cached.example'] };
    const { client } = createTestClient({ stored: { [`${STATE_KEY}::bootstrap`]: cached } });
    expect(client.bootstrap.getSync()).toEqual(cached);
    client.dispose();
  });

  it('falls back to DEFAULT_BOOTSTRAP when the request fails or the answer cannot be mapped', async () => {
    const failing = createTestClient({
      routes: {
        [`GET /projects/bootstrap/${PUBLIC_TOKEN}`]: () => json(500, { error_type: 'internal_server_error' }),
      },
      stored: { [`${STATE_KEY}::bootstrap`]: { ...DEFAULT_BOOTSTRAP, emailDomains: ['cached.example'] } },
    });
    await expect(failing.client.bootstrap.get()).resolves.toEqual(DEFAULT_BOOTSTRAP);
    expect(failing.client.bootstrap.getSync()).toEqual(DEFAULT_BOOTSTRAP);
    const { password_config, ...unmappable } = BOOTSTRAP_WIRE;
    const broken = createTestClient({
      routes: { [`GET /projects/bootstrap/${PUBLIC_TOKEN}`]: () => json(200, { data: unmappable }) },
    });
    await expect(broken.client.bootstrap.get()).resolves.toEqual(DEFAULT_BOOTSTRAP);
    failing.client.dispose();
    broken.client.dispose();
  });
});
