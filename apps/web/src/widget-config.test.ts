import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_CONFIG,
  applyWidgetOverrides,
  KNOWN_OAUTH_PROVIDERS,
  parseWidgetOverrides,
  resetPasswordConfig,
  SESSION_CONFIG,
  SESSION_DURATION_MINUTES,
  standardLoginConfig,
} from './widget-config';

const STANDARD = standardLoginConfig({ origin: 'http://localhost:3000' });

describe('standardLoginConfig', () => {
  it('enables login links back to /authenticate, SMS and WhatsApp passcodes and passkeys, 30-minute sessions', () => {
    expect(STANDARD).toEqual({
      products: ['emailMagicLinks', 'otp', 'passkeys'],
      emailMagicLinksOptions: {
        loginRedirectURL: 'http://localhost:3000/authenticate',
        signupRedirectURL: 'http://localhost:3000/authenticate',
      },
      otpOptions: { methods: ['sms', 'whatsapp'] },
      passwordOptions: {
        loginRedirectURL: 'http://localhost:3000/reset-password',
        resetPasswordRedirectURL: 'http://localhost:3000/reset-password',
      },
      oauthOptions: {
        loginRedirectURL: 'http://localhost:3000/authenticate',
        signupRedirectURL: 'http://localhost:3000/authenticate',
        providers: KNOWN_OAUTH_PROVIDERS.map((type) => ({ type })),
      },
      sessionOptions: { sessionDurationMinutes: 30 },
      colorScheme: 'auto',
    });
    expect(KNOWN_OAUTH_PROVIDERS).toHaveLength(19);
  });

  it('never combines login links with e-mail passcodes (SPEC §2 configuration error)', () => {
    expect(STANDARD.otpOptions?.methods).not.toContain('email');
  });

  it('the other widget pieces use the same session length', () => {
    expect(SESSION_DURATION_MINUTES).toBe(30);
    expect(SESSION_CONFIG.sessionOptions?.sessionDurationMinutes).toBe(30);
    // Issue 22 "Themes": every widget piece of the app follows the system's light or dark setting.
    expect(SESSION_CONFIG.colorScheme).toBe('auto');
    expect(ACCOUNT_CONFIG.colorScheme).toBe('auto');
  });
});

describe('resetPasswordConfig', () => {
  it('passwords plus login links (for "Login without a password"); password e-mails land on /reset-password', () => {
    expect(resetPasswordConfig({ origin: 'http://localhost:3000' })).toEqual({
      products: ['passwords', 'emailMagicLinks'],
      emailMagicLinksOptions: {
        loginRedirectURL: 'http://localhost:3000/authenticate',
        signupRedirectURL: 'http://localhost:3000/authenticate',
      },
      passwordOptions: {
        loginRedirectURL: 'http://localhost:3000/reset-password',
        resetPasswordRedirectURL: 'http://localhost:3000/reset-password',
      },
      sessionOptions: { sessionDurationMinutes: 30 },
      colorScheme: 'auto',
    });
  });
});

describe('parseWidgetOverrides', () => {
  it('is null without any override key (other query parameters do not count)', () => {
    expect(parseWidgetOverrides('')).toBeNull();
    expect(parseWidgetOverrides('?utm_source=mail&token=x')).toBeNull();
  });

  it('reads the colour scheme override (issue 22), ignoring unknown schemes', () => {
    expect(parseWidgetOverrides('?color_scheme=dark')?.colorScheme).toBe('dark');
    expect(parseWidgetOverrides('?color_scheme=sepia')?.colorScheme).toBeNull();
    const overrides = parseWidgetOverrides('?color_scheme=light');
    if (overrides === null) throw new Error('expected overrides');
    expect(applyWidgetOverrides(STANDARD, overrides).config.colorScheme).toBe('light');
  });

  it('reads every key', () => {
    expect(
      parseWidgetOverrides(
        '?products=emailMagicLinks,otp,passkeys&otp_methods=sms,whatsapp,email&shadow=1&mount=plain&stay=1',
      ),
    ).toEqual({
      products: ['emailMagicLinks', 'otp', 'passkeys'],
      otpMethods: ['sms', 'whatsapp', 'email'],
      shadow: true,
      mount: 'plain',
      oauthProviders: null,
      oneTap: null,
      colorScheme: null,
      stay: true,
    });
  });

  it('reads the social sign-in overrides (issue 11)', () => {
    const overrides = parseWidgetOverrides(
      '?products=oauth&oauth_providers=github,google,bogus&one_tap=floating',
    );
    expect(overrides).toMatchObject({ oauthProviders: ['github', 'google'], oneTap: 'floating' });
    if (overrides === null) throw new Error('expected overrides');
    expect(applyWidgetOverrides(STANDARD, overrides).config.oauthOptions).toEqual({
      loginRedirectURL: 'http://localhost:3000/authenticate',
      signupRedirectURL: 'http://localhost:3000/authenticate',
      providers: [{ type: 'github' }, { type: 'google', one_tap: true, position: 'floating' }],
    });
    expect(parseWidgetOverrides('?one_tap=sideways')?.oneTap).toBeNull();
  });

  it('drops unknown and repeated names, trims spaces, keeps an empty list empty', () => {
    expect(parseWidgetOverrides('?products=otp,%20passkeys,bogus,otp&otp_methods=carrier-pigeon')).toEqual({
      products: ['otp', 'passkeys'],
      otpMethods: [],
      shadow: false,
      mount: 'react',
      oauthProviders: null,
      oneTap: null,
      colorScheme: null,
      stay: false,
    });
    expect(parseWidgetOverrides('?products=')?.products).toEqual([]);
  });

  it('only shadow=1, mount=plain and stay=1 switch those on', () => {
    expect(parseWidgetOverrides('?shadow=true&mount=iframe&stay=yes')).toEqual({
      products: null,
      otpMethods: null,
      shadow: false,
      mount: 'react',
      oauthProviders: null,
      oneTap: null,
      colorScheme: null,
      stay: false,
    });
  });
});

describe('applyWidgetOverrides', () => {
  it('replaces the lists and keeps everything else', () => {
    const overrides = parseWidgetOverrides('?products=otp&otp_methods=email&shadow=1&mount=plain');
    if (overrides === null) throw new Error('expected overrides');
    expect(applyWidgetOverrides(STANDARD, overrides)).toEqual({
      config: {
        ...STANDARD,
        products: ['otp'],
        otpOptions: { methods: ['email'] },
        enableShadowDOM: true,
      },
      mount: 'plain',
      landOnAccount: true,
    });
  });

  it('stay=1 keeps the confirmation screen instead of landing on /account (issue 22 finding 8)', () => {
    const overrides = parseWidgetOverrides('?stay=1');
    if (overrides === null) throw new Error('expected overrides');
    expect(applyWidgetOverrides(STANDARD, overrides)).toEqual({
      config: STANDARD,
      mount: 'react',
      landOnAccount: false,
    });
  });

  it('with only mount=plain the configuration is the standard one', () => {
    const overrides = parseWidgetOverrides('?mount=plain');
    if (overrides === null) throw new Error('expected overrides');
    expect(applyWidgetOverrides(STANDARD, overrides)).toEqual({
      config: STANDARD,
      mount: 'plain',
      landOnAccount: true,
    });
  });

  it('does not modify the standard configuration', () => {
    const overrides = parseWidgetOverrides('?products=passkeys&otp_methods=email&shadow=1');
    if (overrides === null) throw new Error('expected overrides');
    applyWidgetOverrides(STANDARD, overrides);
    expect(STANDARD).toEqual(standardLoginConfig({ origin: 'http://localhost:3000' }));
  });
});
