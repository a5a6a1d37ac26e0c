// Issue 11 "each preset's profile mapping on a recorded sample answer": every provider of SPEC §2 has a preset with
// https endpoints, and each recorded sample answer (fixtures/<provider>.json, built from the provider's documented
// answer shapes) maps to the expected profile.
import { readFileSync } from 'node:fs';
import { OAUTH_PROVIDERS, type OAuthProvider } from '@gatehouse/protocol';
import { describe, expect, it } from 'vitest';
import { ProfileError, type ProviderAnswers, type ProviderProfile } from '../preset';
import { PRESETS } from './index';
import { expectedIssuer } from './issuer';
import { MICROSOFT_CONSUMER_TENANT } from './microsoft';
import { splitName } from './profile-fields';

interface Fixture {
  provider: string;
  source: string;
  answers: ProviderAnswers;
  expected: ProviderProfile;
}

function fixture(provider: OAuthProvider): Fixture {
  return JSON.parse(readFileSync(new URL(`./fixtures/${provider}.json`, import.meta.url), 'utf8')) as Fixture;
}

function isHttps(value: string): boolean {
  const url = new URL(value);
  return url.protocol === 'https:' && url.username === '' && url.password === '';
}

describe('the preset table', () => {
  it('has a preset for every provider of OAUTH_PROVIDERS, and nothing else', () => {
    expect(OAUTH_PROVIDERS).toHaveLength(19);
    expect(Object.keys(PRESETS).sort()).toEqual([...OAUTH_PROVIDERS].sort());
    for (const provider of OAUTH_PROVIDERS) expect(PRESETS[provider].type).toBe(provider);
  });

  it.each(OAUTH_PROVIDERS)('%s: every endpoint is https and the scopes are set', (provider) => {
    const preset = PRESETS[provider];
    const { authorization, token, userinfo, issuer, jwks } = preset.endpoints;
    expect(isHttps(authorization), authorization).toBe(true);
    expect(isHttps(token), token).toBe(true);
    if (userinfo !== undefined) expect(isHttps(userinfo), userinfo).toBe(true);
    expect(preset.defaultScopes.length).toBeGreaterThan(0);
    for (const scope of preset.defaultScopes) expect(scope).toMatch(/^\S+$/u);
    if (preset.openid) {
      // OpenID providers: the ID token is checked against an issuer and a key set.
      expect(issuer, `${provider} issuer`).toBeDefined();
      expect(jwks, `${provider} jwks`).toBeDefined();
      expect(isHttps((issuer ?? '').replace('{tenantid}', 'tenant'))).toBe(true);
      expect(isHttps(jwks ?? '')).toBe(true);
    } else {
      expect(issuer).toBeUndefined();
      expect(jwks).toBeUndefined();
      // Without an ID token the profile must come from somewhere.
      expect(userinfo, `${provider} userinfo`).toBeDefined();
    }
    for (const url of Object.values(preset.extraRequests ?? {})) expect(isHttps(url), url).toBe(true);
  });

  it('marks the OpenID providers the brief names, and only Apple answers by form_post', () => {
    const openid = OAUTH_PROVIDERS.filter((provider) => PRESETS[provider].openid).sort();
    expect(openid).toEqual(
      ['apple', 'gitlab', 'google', 'linkedin', 'microsoft', 'salesforce', 'slack', 'twitch', 'yahoo'].sort(),
    );
    expect(OAUTH_PROVIDERS.filter((provider) => PRESETS[provider].formPost === true)).toEqual(['apple']);
  });

  it('uses the special client authentications where the provider needs them', () => {
    expect(PRESETS.apple.clientAuthentication).toBe('apple_signed_jwt');
    expect(PRESETS.tiktok.clientAuthentication).toBe('tiktok_client_key');
    expect(PRESETS.tiktok.scopeSeparator).toBe(',');
    expect(PRESETS.github.extraRequests).toEqual({ emails: 'https://api.github.com/user/emails' });
  });
});

describe('profile mapping on recorded sample answers', () => {
  it.each(OAUTH_PROVIDERS)('%s: the sample answer maps to the expected profile', (provider) => {
    const sample = fixture(provider);
    expect(sample.provider).toBe(provider);
    expect(sample.source).toMatch(/^https:\/\//u);
    expect(PRESETS[provider].mapProfile(sample.answers)).toEqual(sample.expected);
  });

  it.each(OAUTH_PROVIDERS)(
    '%s: answers without a subject are a ProfileError, never a profile',
    (provider) => {
      const empty: ProviderAnswers = { tokens: {}, idTokenClaims: {}, userinfo: {}, extra: {} };
      expect(() => PRESETS[provider].mapProfile(empty)).toThrow(ProfileError);
      // Answers of the wrong type (an array, a string) are no better.
      const hostile = {
        tokens: {},
        idTokenClaims: [],
        userinfo: 'x',
        extra: null,
      } as unknown as ProviderAnswers;
      expect(() => PRESETS[provider].mapProfile(hostile)).toThrow(ProfileError);
    },
  );

  it('never reports an address as verified when the provider sends no e-mail', () => {
    for (const provider of OAUTH_PROVIDERS) {
      const sample = fixture(provider);
      const profile = PRESETS[provider].mapProfile(sample.answers);
      if (profile.email === null) expect(profile.emailVerified, provider).toBe(false);
    }
  });

  it('keeps only http(s) picture URLs', () => {
    const sample = fixture('google');
    const answers = {
      ...sample.answers,
      userinfo: { ...(sample.answers.userinfo as object), picture: 'javascript:alert(1)' },
    };
    expect(PRESETS.google.mapProfile(answers).pictureUrl).toBe('');
  });

  it('refuses a userinfo answer about another subject than the ID token', () => {
    const sample = fixture('google');
    const answers = {
      ...sample.answers,
      userinfo: { ...(sample.answers.userinfo as object), sub: 'someone-else' },
    };
    expect(() => PRESETS.google.mapProfile(answers)).toThrow(ProfileError);
  });
});

describe('e-mail verification per provider (security-tests.md AT-02, TK-07)', () => {
  it('google: email_verified false or absent is not verified', () => {
    const sample = fixture('google');
    const userinfo = sample.answers.userinfo as Record<string, unknown>;
    const claims = sample.answers.idTokenClaims as Record<string, unknown>;
    for (const flag of [false, undefined, 'false', 1]) {
      const answers = {
        ...sample.answers,
        idTokenClaims: { ...claims, email_verified: flag },
        userinfo: { ...userinfo, email_verified: flag },
      };
      expect(PRESETS.google.mapProfile(answers).emailVerified, String(flag)).toBe(false);
    }
  });

  it('microsoft: verified only with xms_edov, or a consumer account at a Microsoft domain (nOAuth)', () => {
    const sample = fixture('microsoft');
    const claims = sample.answers.idTokenClaims as Record<string, unknown>;
    const map = (extra: Record<string, unknown>) =>
      PRESETS.microsoft.mapProfile({ tokens: {}, idTokenClaims: { ...claims, ...extra } });
    expect(map({}).emailVerified).toBe(false);
    expect(map({ email_verified: true }).emailVerified).toBe(false);
    expect(map({ xms_edov: true }).emailVerified).toBe(true);
    expect(map({ tid: MICROSOFT_CONSUMER_TENANT, email: 'abe@outlook.com' }).emailVerified).toBe(true);
    expect(map({ tid: MICROSOFT_CONSUMER_TENANT, email: 'abe@gmail.example' }).emailVerified).toBe(false);
  });

  it('github: without a primary verified address the public one is kept as unverified', () => {
    const sample = fixture('github');
    const emails = [
      { email: 'mona@example.com', verified: false, primary: true },
      { email: 'other@example.com', verified: true, primary: false },
    ];
    const profile = PRESETS.github.mapProfile({ ...sample.answers, extra: { emails } });
    expect(profile.email).toBe('public@example.com');
    expect(profile.emailVerified).toBe(false);
    const none = PRESETS.github.mapProfile({ ...sample.answers, userinfo: { id: 1 }, extra: {} });
    expect(none).toMatchObject({ subject: '1', email: null, emailVerified: false });
  });

  it('bitbucket: an unconfirmed primary address is not verified', () => {
    const sample = fixture('bitbucket');
    const extra = {
      emails: { values: [{ email: 'rex@example.com', is_primary: true, is_confirmed: false }] },
    };
    expect(PRESETS.bitbucket.mapProfile({ ...sample.answers, extra })).toMatchObject({
      email: 'rex@example.com',
      emailVerified: false,
    });
  });

  it('discord: verified false is not verified', () => {
    const sample = fixture('discord');
    const userinfo = { ...(sample.answers.userinfo as object), verified: false };
    expect(PRESETS.discord.mapProfile({ ...sample.answers, userinfo }).emailVerified).toBe(false);
  });

  it('apple: the name is read from the form user field as text or object, and is optional', () => {
    const sample = fixture('apple');
    const asObject = { name: { firstName: 'Grace', lastName: 'Sample' } };
    expect(PRESETS.apple.mapProfile({ ...sample.answers, formUser: asObject }).name).toEqual({
      first_name: 'Grace',
      middle_name: '',
      last_name: 'Sample',
    });
    const returning = PRESETS.apple.mapProfile({ tokens: {}, idTokenClaims: sample.answers.idTokenClaims });
    expect(returning.name).toEqual({ first_name: '', middle_name: '', last_name: '' });
    expect(PRESETS.apple.mapProfile({ ...sample.answers, formUser: '{not json' }).name.first_name).toBe('');
  });
});

describe('issuer checks', () => {
  const template = PRESETS.microsoft.endpoints.issuer ?? '';
  const issuerFor = PRESETS.microsoft.issuerFor;

  it('microsoft: the common endpoint expects the issuer of the token tenant', () => {
    if (issuerFor === undefined) throw new Error('microsoft needs issuerFor');
    const tid = '9122040d-6c67-4c5b-b112-36a304b66dad';
    expect(issuerFor({ tid }, template)).toBe(`https://login.microsoftonline.com/${tid}/v2.0`);
    expect(issuerFor({ tid: tid.toUpperCase() }, template)).toBe(
      `https://login.microsoftonline.com/${tid}/v2.0`,
    );
  });

  it('microsoft: a tenant that is not a GUID cannot shape the issuer', () => {
    if (issuerFor === undefined) throw new Error('microsoft needs issuerFor');
    for (const tid of [
      undefined,
      '',
      'evil.example/x',
      '../common',
      42,
      '9122040d-6c67-4c5b-b112-36a304b66dad/',
    ]) {
      expect(issuerFor({ tid }, template), String(tid)).toBeNull();
    }
  });

  it('microsoft: an overridden single-tenant issuer is taken exactly', () => {
    if (issuerFor === undefined) throw new Error('microsoft needs issuerFor');
    expect(issuerFor({ tid: 'x' }, 'http://127.0.0.1:4000')).toBe('http://127.0.0.1:4000');
  });

  it('google: accounts.google.com without the scheme is accepted only for the real Google issuer', () => {
    const googleIssuerFor = PRESETS.google.issuerFor;
    if (googleIssuerFor === undefined) throw new Error('google needs issuerFor');
    expect(googleIssuerFor({ iss: 'accounts.google.com' }, 'https://accounts.google.com')).toBe(
      'accounts.google.com',
    );
    expect(googleIssuerFor({ iss: 'https://accounts.google.com' }, 'https://accounts.google.com')).toBe(
      'https://accounts.google.com',
    );
    expect(googleIssuerFor({ iss: 'accounts.google.com' }, 'http://127.0.0.1:4000')).toBe(
      'http://127.0.0.1:4000',
    );
  });
});

describe('splitName', () => {
  it.each([
    ['', ['', '', '']],
    ['  Cher ', ['Cher', '', '']],
    ['Ada Lovelace', ['Ada', '', 'Lovelace']],
    ['Mona Lisa Octo', ['Mona', 'Lisa', 'Octo']],
    ['Juan  Carlos de la Vega', ['Juan', 'Carlos de la', 'Vega']],
  ])('%j', (full, [first, middle, last]) => {
    expect(splitName(full)).toEqual({ first_name: first, middle_name: middle, last_name: last });
  });
});

describe('expectedIssuer (the issuer a flow verifies an ID token against)', () => {
  const unsigned = (claims: Record<string, unknown>) =>
    `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;
  const template = 'https://login.microsoftonline.com/{tenantid}/v2.0';

  it('microsoft: the tenant of the token picks the issuer', () => {
    const tid = '72f988bf-86f1-41af-91ab-2d7cd011db47';
    expect(expectedIssuer(PRESETS.microsoft, template, unsigned({ tid, iss: 'x' }))).toBe(
      `https://login.microsoftonline.com/${tid}/v2.0`,
    );
  });

  it('microsoft: no tenant, a bad tenant or an unreadable token is refused', () => {
    expect(expectedIssuer(PRESETS.microsoft, template, unsigned({}))).toBeNull();
    expect(expectedIssuer(PRESETS.microsoft, template, unsigned({ tid: 'evil.example' }))).toBeNull();
    expect(expectedIssuer(PRESETS.microsoft, template, 'not a jwt')).toBeNull();
  });

  it('a preset without issuerFor, or no ID token, keeps the configured issuer', () => {
    expect(
      expectedIssuer(PRESETS.gitlab, 'https://gitlab.com', unsigned({ iss: 'https://evil.example' })),
    ).toBe('https://gitlab.com');
    expect(expectedIssuer(PRESETS.microsoft, template, undefined)).toBe(template);
  });
});
