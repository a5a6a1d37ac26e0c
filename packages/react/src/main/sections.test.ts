import { describe, expect, it } from 'vitest';
import { isImplemented, mainLayout, sectionComponent } from './sections';

const everything = () => true;

describe('Main layout (SPEC §2 fixed order)', () => {
  it('lays out every method in the spec order with the divider between the two groups', () => {
    const layout = mainLayout({
      config: {
        products: ['passkeys', 'otp', 'emailMagicLinks', 'crypto', 'oauth'],
        otpOptions: { methods: ['email', 'whatsapp', 'sms'] },
      },
      products: ['passkeys', 'otp', 'emailMagicLinks', 'crypto', 'oauth'],
      implemented: everything,
    });
    expect(layout).toEqual({
      social: 'oauth',
      wallets: 'crypto',
      divider: true,
      tabs: [
        { id: 'sms', label: 'tabText', section: 'otp-sms' },
        { id: 'whatsapp', label: 'tabWhatsApp', section: 'otp-whatsapp' },
        { id: 'email', label: 'tabEmail', section: 'otp-email' },
      ],
      passkey: 'passkeys',
    });
  });

  it('draws the e-mail tab with passwords first, then e-mail passcodes, then the login link', () => {
    const tabsFor = (products: Parameters<typeof mainLayout>[0]['products']) =>
      mainLayout({ config: { otpOptions: { methods: ['email'] } }, products, implemented: everything }).tabs;
    expect(tabsFor(['emailMagicLinks', 'passwords'])[0]?.section).toBe('passwords');
    expect(tabsFor(['otp', 'emailMagicLinks'])[0]?.section).toBe('otp-email');
    expect(tabsFor(['emailMagicLinks'])[0]?.section).toBe('email-magic-links');
  });

  it('shows no divider without a social or wallet section, nor without a form below', () => {
    expect(mainLayout({ config: {}, products: ['emailMagicLinks'], implemented: everything }).divider).toBe(
      false,
    );
    expect(mainLayout({ config: {}, products: ['oauth'], implemented: everything }).divider).toBe(false);
    expect(mainLayout({ config: {}, products: ['oauth', 'passkeys'], implemented: everything }).divider).toBe(
      true,
    );
  });

  it('skips sections whose code is not built yet, so the frame never shows an empty slot', () => {
    const layout = mainLayout({ config: {}, products: ['oauth', 'crypto', 'emailMagicLinks'] });
    expect(layout.social).toBe(isImplemented('oauth') ? 'oauth' : null);
    expect(layout.wallets).toBe(isImplemented('crypto') ? 'crypto' : null);
    expect(layout.tabs.map((tab) => tab.section)).toEqual(['email-magic-links']);
  });

  it('offers passwords on the Email tab when the product is on (SPEC §2 tabbed login)', () => {
    const layout = mainLayout({
      config: { otpOptions: { methods: ['sms'] } },
      products: ['otp', 'passwords', 'emailMagicLinks'],
    });
    expect(layout.tabs).toEqual([
      { id: 'sms', label: 'tabText', section: 'otp-sms' },
      { id: 'email', label: 'tabEmail', section: 'passwords' },
    ]);
  });

  it('loads a section lazily and only once per method', () => {
    const first = sectionComponent('email-magic-links');
    expect(first).not.toBeNull();
    expect(sectionComponent('email-magic-links')).toBe(first);
  });
});

describe('the two tables of built sections', () => {
  it('agree: layout.ts says built exactly where sections.ts has the code', () => {
    const ids = [
      'oauth',
      'crypto',
      'email-magic-links',
      'otp-email',
      'otp-sms',
      'otp-whatsapp',
      'passwords',
      'passkeys',
    ] as const;
    for (const id of ids) expect(isImplemented(id), id).toBe(sectionComponent(id) !== null);
  });
});
