// gatehouse.js (issue 21 item 2): the script tag's first file, a classic script (an IIFE) that a plain page loads
// with <script src="https://auth.example.com/gatehouse.js"> and uses on the next line. It defines window.Gatehouse:
// the SDK (createClient and its error classes, in this file so the page has them synchronously) and the mount
// functions of ./mount-shim.ts, which load the widget module (./widget-entry.ts, with React's API from preact/compat: scripts/lib/script-tag-build.mjs) on the first
// mount. scripts/lib/script-tag-build.mjs builds it; packages/server/src/infra/script-tag.ts serves it.
import {
  APIError,
  CaptchaRequiredError,
  type ClientOptions,
  createClient as createSdkClient,
  type GatehouseClient,
  GatehouseError,
  isAPIError,
  isErrorType,
  RetriableError,
  SchemaError,
  SDKAPIUnreachableError,
  StytchAPIError,
  StytchAPISchemaError,
  StytchAPIUnreachableError,
  StytchSDKUsageError,
  UsageError,
  WebAuthnError,
} from '@gatehouse/sdk';
import { createScriptTagMounts } from './mount-shim';

/** The @gatehouse/react version, set by the build (esbuild `define`); 'development' elsewhere (tests). */
declare const GATEHOUSE_SCRIPT_TAG_VERSION: string | undefined;
export const SCRIPT_TAG_VERSION =
  typeof GATEHOUSE_SCRIPT_TAG_VERSION === 'string' ? GATEHOUSE_SCRIPT_TAG_VERSION : 'development';

/**
 * The server this file came from: the script tag is served by the Gatehouse server itself, so a client created
 * without `baseUrl` calls that server rather than the page's own origin (the SDK's default, right for a page the
 * server serves but never for a page on another site). Read while the script runs: currentScript is null later.
 */
function scriptOrigin(): string | undefined {
  const script = typeof document === 'undefined' ? null : document.currentScript;
  if (!(script instanceof HTMLScriptElement) || script.src === '') return undefined;
  return new URL(script.src).origin;
}

const defaultBaseUrl = scriptOrigin();

/** The SDK's createClient; `baseUrl` defaults to the script's server (see scriptOrigin). */
export function createClient(publicToken: string, options: ClientOptions = {}): GatehouseClient {
  if (options.baseUrl !== undefined || defaultBaseUrl === undefined)
    return createSdkClient(publicToken, options);
  return createSdkClient(publicToken, { ...options, baseUrl: defaultBaseUrl });
}

const mounts = createScriptTagMounts(() => import('./widget-entry'));

export const Gatehouse = Object.freeze({
  version: SCRIPT_TAG_VERSION,
  createClient,
  mountLogin: mounts.mountLogin,
  mountResetPassword: mounts.mountResetPassword,
  mountPasskeyRegistration: mounts.mountPasskeyRegistration,
  // The SDK's errors, for `instanceof` checks and the isAPIError / isErrorType guards on the page.
  APIError,
  CaptchaRequiredError,
  GatehouseError,
  RetriableError,
  SchemaError,
  SDKAPIUnreachableError,
  StytchAPIError,
  StytchAPISchemaError,
  StytchAPIUnreachableError,
  StytchSDKUsageError,
  UsageError,
  WebAuthnError,
  isAPIError,
  isErrorType,
});

// window.Gatehouse is set by the file scripts/lib/script-tag-build.mjs wraps around this module: the package is
// `sideEffects: false`, so a module of it must do nothing when imported.
