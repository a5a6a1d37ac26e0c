// SPEC §2 Main: the enabled sections appear in a fixed order — social buttons, wallet buttons, the 'or' divider,
// the tabbed e-mail/phone form, the passkey button. This is the layout alone, without React (issue 23 item 2: the
// pre-paint in ../pre-paint.ts lays out Main before React loads); ./sections.ts draws each section.
import type { OtpMethod, Product } from '@gatehouse/protocol';
import type { LoginConfig } from '../config';
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

/** Which sections have code: a method not built yet is false here and null in ./sections.ts's loaders. */
const BUILT_SECTIONS: Record<SectionId, boolean> = {
  oauth: true,
  crypto: true,
  'email-magic-links': true,
  'otp-email': true,
  'otp-sms': true,
  'otp-whatsapp': true,
  passwords: true,
  passkeys: true,
};

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

/** Whether the method's section has code (./sections.ts holds the code; a later method turns its entry on). */
export function isImplemented(id: SectionId): boolean {
  return BUILT_SECTIONS[id];
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
