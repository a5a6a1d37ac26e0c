// The relying party's own checks that @simplewebauthn/server leaves to the caller (WebAuthn L3 §7.1/§7.2,
// security-tests.md Part 4): which RP IDs a project may use, which origins it expects, the crossOrigin/topOrigin
// step (the library skips it on registration), and the parsing of the JSON-string credential of wire-format.md §4.9.
import { isIP } from 'node:net';
import type { AppContext, ProjectRecord } from '../../infra/context';
import { ApiError } from '../../infra/errors';

/** WebAuthn L3 §7.1 step 26 note / security-tests.md WA-07: credential ids longer than 1023 bytes are refused. */
export const MAX_CREDENTIAL_ID_BYTES = 1023;

/**
 * The origins a ceremony may come from: the project's allowed origins, plus the server's own public origin (the
 * auth hook accepts it too, infra/cors.ts: the web app the server serves is same-origin).
 */
export function expectedOrigins(ctx: AppContext, project: ProjectRecord): string[] {
  const origins = new Set(project.allowedOrigins);
  origins.add(ctx.config.publicUrl);
  return [...origins];
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** True when `rpId` is `host` or a parent domain of it at a label boundary (WebAuthn "registrable domain suffix"). */
export function isRpIdForHost(rpId: string, host: string): boolean {
  if (rpId === host) return true;
  if (isIP(host) !== 0 || isIP(rpId) !== 0) return false;
  // A parent must itself have two labels: "com" is never an RP ID. Browsers also refuse public suffixes such as
  // "co.uk" (SecurityError), so a ceremony for one cannot complete even if it passes here.
  return rpId.includes('.') && host.endsWith(`.${rpId}`);
}

const DOMAIN_PATTERN = /^[a-z0-9.-]{1,253}$/;

/**
 * SPEC §7 `domain` / issue 4: the RP ID must be the host of an allowed origin or a registrable parent of it;
 * anything else is a 400 before any challenge is made.
 */
export function assertAllowedDomain(ctx: AppContext, project: ProjectRecord, domain: string): string {
  const rpId = domain.trim().toLowerCase();
  const allowed =
    DOMAIN_PATTERN.test(rpId) &&
    !rpId.startsWith('.') &&
    !rpId.endsWith('.') &&
    expectedOrigins(ctx, project).some((origin) => {
      const host = hostOf(origin);
      return host !== null && isRpIdForHost(rpId, host);
    });
  if (!allowed) {
    throw new ApiError(
      'invalid_webauthn_domain',
      `The domain ${JSON.stringify(domain.slice(0, 100))} is not the host (or a parent domain) of one of this project's allowed origins.`,
    );
  }
  return rpId;
}

export interface ClientData {
  type: string;
  challenge: string;
  origin: string;
  crossOrigin?: boolean;
  topOrigin?: string;
}

/** The credential JSON the SDK sends as a string (wire-format.md §4.9), checked only as far as we read it. */
export interface ParsedCredential<Response> {
  id: string;
  rawId: string;
  type: 'public-key';
  response: Response;
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment?: 'platform' | 'cross-platform';
  clientData: ClientData;
}

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

function malformed(detail: string): ApiError {
  return new ApiError(
    'invalid_public_key_credential',
    `Invalid public key credential: ${detail}. Please pass the credential exactly as the browser returned it.`,
  );
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Parses `public_key_credential` (a JSON string) and its clientDataJSON; every field we hand to the verifier must
 * be a base64url string. `binaryFields` are the response fields that must be present.
 */
export function parseCredential<Response extends Record<string, unknown>>(
  text: string,
  binaryFields: readonly string[],
): ParsedCredential<Response> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw malformed('it is not JSON');
  }
  if (!isObject(value)) throw malformed('it is not an object');
  const { id, rawId, type, response, clientExtensionResults, authenticatorAttachment } = value;
  if (typeof id !== 'string' || id.length === 0 || !BASE64URL.test(id))
    throw malformed('id must be base64url');
  if (typeof rawId !== 'string' || rawId !== id) throw malformed('rawId must equal id');
  if (type !== 'public-key') throw malformed('type must be "public-key"');
  if (!isObject(response)) throw malformed('response must be an object');
  for (const field of ['clientDataJSON', ...binaryFields]) {
    const item = response[field];
    if (typeof item !== 'string' || item.length === 0 || !BASE64URL.test(item)) {
      throw malformed(`response.${field} must be a base64url string`);
    }
  }
  if (clientExtensionResults !== undefined && !isObject(clientExtensionResults)) {
    throw malformed('clientExtensionResults must be an object');
  }
  let clientData: unknown;
  try {
    clientData = JSON.parse(Buffer.from(response.clientDataJSON as string, 'base64url').toString('utf8'));
  } catch {
    throw malformed('clientDataJSON is not JSON');
  }
  if (
    !isObject(clientData) ||
    typeof clientData.type !== 'string' ||
    typeof clientData.challenge !== 'string' ||
    typeof clientData.origin !== 'string' ||
    clientData.challenge.length === 0 ||
    clientData.challenge.length > 512
  ) {
    throw malformed('clientDataJSON lacks type, challenge or origin');
  }
  return {
    id,
    rawId,
    type,
    response: response as Response,
    clientExtensionResults: (clientExtensionResults as Record<string, unknown> | undefined) ?? {},
    ...(authenticatorAttachment === 'platform' || authenticatorAttachment === 'cross-platform'
      ? { authenticatorAttachment }
      : {}),
    clientData: clientData as unknown as ClientData,
  };
}

/**
 * WebAuthn L3 §7.1 step 9 / §7.2 step 13 (security-tests.md WA-02): we never expect to run inside another site's
 * iframe, so `crossOrigin: true` or any `topOrigin` is refused; and the origin's host must lie within the RP ID the
 * challenge was made for (the browser guarantees it, so a mismatch means a forged response).
 */
export function assertClientDataOrigin(
  clientData: ClientData,
  rpId: string,
  refuse: (why: string) => ApiError,
): void {
  if (clientData.crossOrigin === true || clientData.topOrigin !== undefined) {
    throw refuse('the ceremony ran in a cross-origin frame');
  }
  const host = hostOf(clientData.origin);
  if (host === null || !isRpIdForHost(rpId, host)) {
    throw refuse('the origin does not belong to the requested domain');
  }
}

/** The WebAuthn user handle of a user: the UTF-8 bytes of the opaque user id (≤ 64 bytes, no personal data). */
export function userHandleOf(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}
