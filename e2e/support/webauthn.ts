// Chromium virtual authenticators for passkey E2E tests (security-tests.md Part 4 "How to test with a Chromium
// virtual authenticator"): the CDP `WebAuthn` domain stands in for a platform authenticator (ctap2, internal
// transport, resident keys, user verification), so navigator.credentials.create()/get() complete without UI.
//
// Virtual authenticators belong to one page (tab): each test's page starts with none.
//
// What the virtual authenticator does with conditional mediation (passkey autofill), checked against Chromium 156
// headless (the browser the E2E config launches):
// - with automaticPresenceSimulation ON, a `mediation: 'conditional'` get() is answered at once with the
//   authenticator's discoverable credential for the RP, exactly as if the person had picked it from the autofill
//   list; when the authenticator holds no credential for the RP it rejects at once with NotAllowedError;
// - with automaticPresenceSimulation OFF the request stays pending (as it does for a person who has not chosen
//   anything yet); turning the simulation on later does NOT answer a request that is already pending;
// - the autofill drop-down itself is browser UI, not page DOM: headless Chromium offers no way to open or click it.
// Tests therefore switch presence off to hold a conditional request pending and on to let the next one be answered.
import type { BrowserContext, CDPSession, Page } from '@playwright/test';

export interface VirtualAuthenticatorOptions {
  protocol?: 'ctap2' | 'u2f';
  transport?: 'internal' | 'usb' | 'nfc' | 'ble' | 'hybrid';
  hasResidentKey?: boolean;
  hasUserVerification?: boolean;
  isUserVerified?: boolean;
  /** Answer user-presence prompts by itself (no UI). */
  automaticPresenceSimulation?: boolean;
}

/** A credential as WebAuthn.getCredentials returns it (the private key is base64 PKCS#8). */
export interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  privateKey: string;
  userHandle?: string;
  signCount: number;
  largeBlob?: string;
  backupEligibility?: boolean;
  backupState?: boolean;
  userName?: string;
  userDisplayName?: string;
}

/** The platform-authenticator defaults of the brief and security-tests.md Part 4. */
export const PLATFORM_AUTHENTICATOR: Required<VirtualAuthenticatorOptions> = {
  protocol: 'ctap2',
  transport: 'internal',
  hasResidentKey: true,
  hasUserVerification: true,
  isUserVerified: true,
  automaticPresenceSimulation: true,
};

export interface VirtualAuthenticator {
  readonly authenticatorId: string;
  /** The credentials it holds (one per registration made with it). */
  credentials(): Promise<VirtualCredential[]>;
  /** Import a credential (e.g. one exported from another authenticator). */
  addCredential(credential: VirtualCredential): Promise<void>;
  /** ON: requests are answered at once; OFF: they stay pending (see the note at the top of this file). */
  setPresenceSimulation(enabled: boolean): Promise<void>;
  /** Unplug it: later ceremonies cannot use it. */
  remove(): Promise<void>;
}

export interface WebAuthnDevTools {
  readonly cdp: CDPSession;
  addAuthenticator(options?: VirtualAuthenticatorOptions): Promise<VirtualAuthenticator>;
}

/** Enables the CDP WebAuthn domain for `page` (no browser UI), ready to add virtual authenticators. */
export async function enableVirtualWebAuthn(options: {
  context: BrowserContext;
  page: Page;
}): Promise<WebAuthnDevTools> {
  const cdp = await options.context.newCDPSession(options.page);
  await cdp.send('WebAuthn.enable', { enableUI: false });
  return {
    cdp,
    async addAuthenticator(authenticatorOptions = {}) {
      const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: { ...PLATFORM_AUTHENTICATOR, ...authenticatorOptions },
      });
      return {
        authenticatorId,
        async credentials() {
          const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
          return credentials as VirtualCredential[];
        },
        async addCredential(credential) {
          await cdp.send('WebAuthn.addCredential', { authenticatorId, credential });
        },
        async setPresenceSimulation(enabled) {
          await cdp.send('WebAuthn.setAutomaticPresenceSimulation', { authenticatorId, enabled });
        },
        async remove() {
          await cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId });
        },
      };
    },
  };
}

/** One navigator.credentials call the page made, as the recorder saw it. */
export interface CredentialCall {
  method: 'create' | 'get';
  /** `options.mediation` ('conditional' for passkey autofill), null when absent (a modal prompt). */
  mediation: string | null;
  /** 'pending' until it settles; then 'resolved' or the DOMException name it rejected with. */
  outcome: string;
}

/**
 * Records every navigator.credentials.create()/get() the page makes (must be called before the page loads): the
 * tests can tell a conditional (autofill) request from a modal one and see whether it is still pending.
 */
export async function recordCredentialCalls(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const calls: Array<{ method: string; mediation: string | null; outcome: string }> = [];
    (window as unknown as { __credentialCalls: typeof calls }).__credentialCalls = calls;
    type CredentialMethod = (
      this: CredentialsContainer,
      options?: CredentialRequestOptions,
    ) => Promise<unknown>;
    const container = CredentialsContainer.prototype as unknown as Record<'create' | 'get', CredentialMethod>;
    for (const method of ['create', 'get'] as const) {
      const original = container[method];
      container[method] = function (this: CredentialsContainer, options?: CredentialRequestOptions) {
        const call = { method, mediation: options?.mediation ?? null, outcome: 'pending' };
        calls.push(call);
        const result = original.call(this, options);
        result.then(
          () => {
            call.outcome = 'resolved';
          },
          (error: unknown) => {
            call.outcome = error instanceof Error ? error.name : 'rejected';
          },
        );
        return result;
      };
    }
  });
}

/** The calls recorded so far on the current document (see recordCredentialCalls). */
export async function credentialCalls(page: Page): Promise<CredentialCall[]> {
  return page.evaluate(
    () => (window as unknown as { __credentialCalls?: CredentialCall[] }).__credentialCalls ?? [],
  );
}
