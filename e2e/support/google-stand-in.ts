// A stand-in for the slice of Google's GSI script (accounts.google.com/gsi/client) that One Tap uses, for the
// widget's One Tap (oauth-one-tap.spec.ts, served by a loopback server) and the Stytch pre-built UI's
// (stytch-ui-passcodes.spec.ts, routed at Google's host, which that UI does not let a site override). Google lives
// outside this machine, so it is faked at the network edge (DESIGN.md "Real parts").
import { type SigningKey, signIdToken } from '../../packages/server/src/features/oauth/one-tap-test-support';

/**
 * google.accounts.id initialize / prompt / cancel. `prompt` reports the prompt displayed to a moment listener (the
 * Stytch UI passes one), then loads `/gsi/credential` from the script's own origin as a script, which calls the
 * callback with an ID token the stand-in signed (standInCredentialScript).
 */
export const GSI_STAND_IN_SCRIPT = `(() => {
  const origin = new URL(document.currentScript.src).origin;
  const standIn = { options: null };
  window.gatehouseGsiStandIn = standIn;
  const displayed = {
    isDisplayMoment: () => true, isDisplayed: () => true, isNotDisplayed: () => false,
    isSkippedMoment: () => false, isDismissedMoment: () => false,
    getNotDisplayedReason: () => undefined, getSkippedReason: () => undefined, getDismissedReason: () => undefined,
    getMomentType: () => 'display',
  };
  window.google = { accounts: { id: {
    initialize(options) { standIn.options = options; },
    prompt(listener) {
      if (listener) listener(displayed);
      const script = document.createElement('script');
      const query = new URLSearchParams({ nonce: standIn.options.nonce || '', client_id: standIn.options.client_id });
      script.src = origin + '/gsi/credential?' + query;
      document.head.append(script);
    },
    cancel() {},
  } } };
})();
`;

/** The body of `/gsi/credential?nonce=…&client_id=…`: the callback called with an ID token for `next`. */
export async function standInCredentialScript(options: {
  key: SigningKey;
  url: URL;
  next: { sub: string; email: string };
}): Promise<string> {
  const nonce = options.url.searchParams.get('nonce');
  const credential = await signIdToken({
    key: options.key,
    now: new Date(),
    nonce: nonce === null || nonce === '' ? undefined : nonce,
    audience: options.url.searchParams.get('client_id') ?? '',
    sub: options.next.sub,
    email: options.next.email,
  });
  return `window.gatehouseGsiStandIn.options.callback(${JSON.stringify({ credential })});`;
}
