// Issue 11 item 1: the project file's `oauth_providers` (features/oauth/file-schema.ts) as start-up reads it, and
// how it is stored: the client secret only encrypted, a provider left out of the file removed, the lookup merging
// the preset with the project's overrides.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseProjectFile } from '../../infra/config';
import { oauthProviderConfigs } from '../../infra/db/schema';
import { SecretDecryptionError } from '../../infra/secret-box';
import { createTestApp, type TestApp } from '../../test-support/app';
import { TEST_GOOGLE_PRESET } from '../../test-support/oidc-provider';
import { oauthProviderConfig, saveOAuthProviderConfigs } from './config';
import { GOOGLE_ONE_TAP_ORIGIN, oneTapScriptOrigins } from './file-schema';
import { overridePresets } from './preset-table';
import { consumeState, createState } from './store';

const SECRET = 'google-client-secret-that-must-not-be-stored-in-clear';

describe('oauth_providers in the project file', () => {
  it('reads clients with their secrets, endpoint overrides, scopes and One Tap', () => {
    const [project] = parseProjectFile({
      projects: [
        {
          name: 'Shop',
          oauth_providers: {
            google: {
              client_id: 'id.apps.googleusercontent.com',
              client_secret: SECRET,
              one_tap: true,
              endpoints: { token: 'http://127.0.0.1:9000/token', issuer: 'http://127.0.0.1:9000' },
            },
            github: { client_id: 'gh', client_secret: 's', scopes: ['read:user', 'user:email', 'read:user'] },
          },
        },
      ],
    });
    expect(project!.oauthProviders).toEqual({
      google: {
        clientId: 'id.apps.googleusercontent.com',
        clientSecret: SECRET,
        endpoints: { token: 'http://127.0.0.1:9000/token', issuer: 'http://127.0.0.1:9000' },
        scopes: null,
        oneTap: true,
        apple: null,
      },
      github: {
        clientId: 'gh',
        clientSecret: 's',
        endpoints: {},
        scopes: ['read:user', 'user:email'],
        oneTap: false,
        apple: null,
      },
    });
    expect(parseProjectFile({ projects: [{ name: 'Blog' }] })[0]!.oauthProviders).toBeNull();
  });

  it.each([
    [{ myspace: { client_id: 'x' } }, /oauth_providers\.myspace/],
    [{ google: { client_secret: 'x' } }, /oauth_providers\.google\.client_id/],
    [{ google: { client_id: 'x', endpoints: { token: 'http://idp.example.com/token' } } }, /https/],
    [
      { google: { client_id: 'x', endpoints: { token: 'https://user:pw@idp.example.com/token' } } },
      /credentials/,
    ],
    [{ apple: { client_id: 'com.example' } }, /team_id/],
    [
      { github: { client_id: 'x', one_tap_script_url: 'https://gsi.example.com/client' } },
      /only read for google/,
    ],
    [{ google: { client_id: 'x', one_tap_script_url: 'http://gsi.example.com/client' } }, /https/],
  ])('refuses %j with the JSON path of the problem', (oauthProviders, message) => {
    expect(() => parseProjectFile({ projects: [{ name: 'Shop', oauth_providers: oauthProviders }] })).toThrow(
      ConfigError,
    );
    expect(() => parseProjectFile({ projects: [{ name: 'Shop', oauth_providers: oauthProviders }] })).toThrow(
      message,
    );
  });
});

describe('one_tap_script_url (issue 11: a stand-in or self-hosted One Tap script)', () => {
  const withGoogle = (google: Record<string, unknown>) =>
    parseProjectFile({ projects: [{ name: 'Shop', oauth_providers: { google } }] });

  it('is read for google and names the origins the CSP allows only while One Tap is on', () => {
    const [standIn] = withGoogle({
      client_id: 'x',
      one_tap: true,
      one_tap_script_url: 'http://127.0.0.1:4100/gsi/client',
    });
    expect(standIn!.oauthProviders?.google?.oneTapScriptUrl).toBe('http://127.0.0.1:4100/gsi/client');
    expect(oneTapScriptOrigins([standIn!])).toEqual(['http://127.0.0.1:4100']);
    const [google] = withGoogle({ client_id: 'x', one_tap: true });
    expect(google!.oauthProviders?.google?.oneTapScriptUrl).toBeUndefined();
    expect(oneTapScriptOrigins([google!])).toEqual([GOOGLE_ONE_TAP_ORIGIN]);
    const [off] = withGoogle({ client_id: 'x', one_tap_script_url: 'http://127.0.0.1:4100/gsi/client' });
    expect(oneTapScriptOrigins([off!, { oauthProviders: null }])).toEqual([]);
  });
});

describe('stored OAuth clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite' });
    overridePresets(t.ctx, { google: TEST_GOOGLE_PRESET });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps one_tap_script_url with the client (the start answer hands it to the widget)', async () => {
    const [project] = parseProjectFile({
      projects: [
        {
          name: 'Shop',
          oauth_providers: {
            google: { client_id: 'x', one_tap: true, one_tap_script_url: 'http://localhost:4100/gsi/client' },
          },
        },
      ],
    });
    await saveOAuthProviderConfigs(t.ctx, {
      projectId: t.project.id,
      declarations: project!.oauthProviders!,
    });
    const resolved = await oauthProviderConfig(t.ctx, t.project.id, 'google');
    expect(resolved?.oneTapScriptUrl).toBe('http://localhost:4100/gsi/client');
  });

  it('keeps the secret encrypted, merges the overrides over the preset, and removes clients left out', async () => {
    await saveOAuthProviderConfigs(t.ctx, {
      projectId: t.project.id,
      declarations: {
        google: {
          clientId: 'id',
          clientSecret: SECRET,
          endpoints: { token: 'http://127.0.0.1:9000/token' },
          scopes: null,
          oneTap: true,
          apple: null,
        },
      },
    });
    const rows = await t.ctx.db.select().from(oauthProviderConfigs);
    expect(rows).toHaveLength(1);
    expect(Buffer.from(rows[0]!.secretsCiphertext!).toString('latin1')).not.toContain(SECRET);
    expect(JSON.stringify(rows[0]!.settings)).not.toContain(SECRET);

    const resolved = await oauthProviderConfig(t.ctx, t.project.id, 'google');
    expect(resolved).toMatchObject({
      clientId: 'id',
      clientSecret: SECRET,
      oneTap: true,
      scopes: ['openid', 'email', 'profile'],
      endpoints: { ...TEST_GOOGLE_PRESET.endpoints, token: 'http://127.0.0.1:9000/token' },
    });
    expect(await oauthProviderConfig(t.ctx, t.project.id, 'github')).toBeNull();

    await saveOAuthProviderConfigs(t.ctx, { projectId: t.project.id, declarations: {} });
    expect(await oauthProviderConfig(t.ctx, t.project.id, 'google')).toBeNull();
  });

  it('re-encrypts client secrets and pending states when SECRET_KEY rotates', async () => {
    await saveOAuthProviderConfigs(t.ctx, {
      projectId: t.project.id,
      declarations: {
        google: {
          clientId: 'id',
          clientSecret: SECRET,
          endpoints: {},
          scopes: null,
          oneTap: false,
          apple: null,
        },
      },
    });
    const { state } = await createState(t.ctx, {
      projectId: t.project.id,
      tokenMode: 'test',
      provider: 'google',
      providerCodeVerifier: 'verifier-'.repeat(6),
      nonce: null,
      codeChallenge: null,
      loginRedirectUrl: 'http://localhost:3000/authenticate',
      signupRedirectUrl: 'http://localhost:3000/authenticate',
      scopes: [],
    });
    const rotated = await t.sibling({
      config: { secretKey: randomBytes(32).toString('base64url'), secretKeyPrevious: t.ctx.config.secretKey },
    });
    overridePresets(rotated.gatehouse, { google: TEST_GOOGLE_PRESET });
    expect((await oauthProviderConfig(rotated.gatehouse, t.project.id, 'google'))?.clientSecret).toBe(SECRET);
    await expect(oauthProviderConfig(t.ctx, t.project.id, 'google')).rejects.toThrow(SecretDecryptionError);
    expect((await consumeState(rotated.gatehouse, state))?.providerCodeVerifier).toBe('verifier-'.repeat(6));
  });
});
