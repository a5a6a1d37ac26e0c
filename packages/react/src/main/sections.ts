// SPEC §2 Main: the enabled sections appear in a fixed order — social buttons, wallet buttons, the 'or' divider,
// the tabbed e-mail/phone form, the passkey button. This registry is the only place that knows which code draws
// which section; each method's code is a dynamic import, so only configured methods load. Later methods
// (ROADMAP.md: passkeys, OTP, passwords, OAuth, crypto) fill in their loader here and turn their entry on in
// ./layout.ts, without reshaping Main.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import EmailMagicLinksForm from '../methods/email-magic-links/email-magic-links-form';
import type { SectionId } from './layout';

export type { FormTab, FormTabId, MainLayout, SectionId } from './layout';
export { isImplemented, mainLayout } from './layout';

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

/** Starts loading a section's code before it renders (a form inside the lazy tabs: ./main-screen.tsx). */
export function preloadSection(id: SectionId): void {
  SECTION_LOADERS[id]?.().catch(() => {
    // A failed load surfaces when the section renders (its lazy component asks again).
  });
}
