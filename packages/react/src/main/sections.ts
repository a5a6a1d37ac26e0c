// SPEC §2 Main: the enabled sections appear in a fixed order — social buttons, wallet buttons, the 'or' divider,
// the tabbed e-mail/phone form, the passkey button. This registry is the only place that knows which code draws
// which section; each method's code is a dynamic import, so only configured methods load. Later methods
// (ROADMAP.md: passkeys, OTP, passwords, OAuth, crypto) fill in their loader here without reshaping Main.
import type { OtpMethod, Product } from '@gatehouse/protocol';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { LoginConfig } from '../config';
import EmailMagicLinksForm from '../methods/email-magic-links/email-magic-links-form';
import type { StringKey } from '../strings';

export type SectionId =
  | 'oauth'
  | 'crypto'
  | 'email-magic-links'
  | 'otp-email'
  | 'otp-sms'
  | 'otp-whatsapp'
  | 'passwords'
  | 'passkeys';

type SectionModule = { default: ComponentType };

/** null: the method's section is not built yet (it renders nothing). */
const SECTION_LOADERS: Record<SectionId, (() => Promise<SectionModule>) | null> = {
  oauth: () => import('../methods/oauth/oauth-section'),
  // Issue 12: the wallet buttons; wallet discovery starts only when this loads (the crypto product on).
  crypto: () => import('../methods/crypto/crypto-section'),
  'email-magic-links': async () => ({ default: EmailMagicLinksForm }),
  'otp-email': () => import('../methods/otp/otp-email-form'),
  'otp-sms': () => import('../methods/otp/otp-phone-form').then((module) => ({ default: module.SmsForm })),
  'otp-whatsapp': () =>
    import('../methods/otp/otp-phone-form').then((module) => ({ default: module.WhatsAppForm })),
  passwords: () => import('../methods/passwords/password-email-form'),
  passkeys: () => import('../methods/passkeys/passkey-section'),
};

const lazyComponents = new Map<SectionId, LazyExoticComponent<ComponentType>>();

// The default product's form (SPEC §1: login links) ships with Main instead: a lazy section suspends, costs a
// round trip, and React reveals it only after its Suspense fallback throttle (bench/first-render.ts).
const STATIC_SECTIONS: Partial<Record<SectionId, ComponentType>> = {
  'email-magic-links': EmailMagicLinksForm,
};

/** The section's component (lazy unless bundled with Main), or null when the method has no section yet. */
export function sectionComponent(id: SectionId): LazyExoticComponent<ComponentType> | ComponentType | null {
  const bundled = STATIC_SECTIONS[id];
  if (bundled !== undefined) return bundled;
  const loader = SECTION_LOADERS[id];
  if (loader === null) return null;
  let component = lazyComponents.get(id);
  if (component === undefined) {
    component = lazy(loader);
    lazyComponents.set(id, component);
  }
  return component;
}

export type FormTabId = 'sms' | 'whatsapp' | 'email';

export interface FormTab {
  id: FormTabId;
  label: StringKey;
  section: SectionId;
}

export interface MainLayout {
  social: SectionId | null;
  wallets: SectionId | null;
  /** The 'or' divider between the social/wallet group and the e-mail/phone group. */
  divider: boolean;
  /** Tabs show only when there is more than one (SPEC §2). */
  tabs: FormTab[];
  passkey: SectionId | null;
}

export function isImplemented(id: SectionId): boolean {
  return SECTION_LOADERS[id] !== null;
}

/** The e-mail tab draws one form: passwords, else e-mail passcode, else the login link (first one built). */
function emailTabSection(
  products: readonly Product[],
  otpMethods: readonly OtpMethod[],
  implemented: (id: SectionId) => boolean,
): SectionId | null {
  const candidates: SectionId[] = [];
  if (products.includes('passwords')) candidates.push('passwords');
  if (products.includes('otp') && otpMethods.includes('email')) candidates.push('otp-email');
  if (products.includes('emailMagicLinks')) candidates.push('email-magic-links');
  return candidates.find(implemented) ?? null;
}

export function mainLayout(options: {
  config: LoginConfig;
  products: readonly Product[];
  /** Which sections have code (the registry); tests pass their own. */
  implemented?: (id: SectionId) => boolean;
}): MainLayout {
  const { config, products, implemented = isImplemented } = options;
  const otpMethods = products.includes('otp') ? (config.otpOptions?.methods ?? []) : [];
  const social = products.includes('oauth') && implemented('oauth') ? 'oauth' : null;
  const wallets = products.includes('crypto') && implemented('crypto') ? 'crypto' : null;
  // SPEC §2 lists the tabs as Text, WhatsApp and Email.
  const tabs: FormTab[] = [];
  if (otpMethods.includes('sms') && implemented('otp-sms'))
    tabs.push({ id: 'sms', label: 'tabText', section: 'otp-sms' });
  if (otpMethods.includes('whatsapp') && implemented('otp-whatsapp'))
    tabs.push({ id: 'whatsapp', label: 'tabWhatsApp', section: 'otp-whatsapp' });
  const email = emailTabSection(products, otpMethods, implemented);
  if (email !== null) tabs.push({ id: 'email', label: 'tabEmail', section: email });
  const passkey = products.includes('passkeys') && implemented('passkeys') ? 'passkeys' : null;
  const upper = social !== null || wallets !== null;
  const lower = tabs.length > 0 || passkey !== null;
  return { social, wallets, divider: upper && lower, tabs, passkey };
}
