// Test-only: a software WebAuthn authenticator plus the browser's part (clientDataJSON), producing the JSON the SDK
// sends (wire-format.md §4.9) with REAL ES256 signatures (P-256 keys from node:crypto). Every field a relying party
// checks can be overridden, so a test can send a response that is validly signed but wrong in exactly one way
// (security-tests.md Part 4 "Forged-but-well-signed responses"). CBOR is encoded by hand (only what WebAuthn needs).
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

type CborValue = number | string | Uint8Array | Map<CborValue, CborValue>;

function cborHead(major: number, length: number): Uint8Array {
  if (length < 24) return Uint8Array.of((major << 5) | length);
  if (length < 0x100) return Uint8Array.of((major << 5) | 24, length);
  if (length < 0x10000) return Uint8Array.of((major << 5) | 25, length >> 8, length & 0xff);
  const out = new Uint8Array(5);
  out[0] = (major << 5) | 26;
  new DataView(out.buffer).setUint32(1, length);
  return out;
}

export function cborEncode(value: CborValue): Uint8Array {
  if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new Error('only integers');
    return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = new TextEncoder().encode(value);
    return concat(cborHead(3, bytes.length), bytes);
  }
  if (value instanceof Uint8Array) return concat(cborHead(2, value.length), value);
  const parts: Uint8Array[] = [cborHead(5, value.size)];
  for (const [key, item] of value) parts.push(cborEncode(key), cborEncode(item));
  return concat(...parts);
}

export function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const b64url = (bytes: Uint8Array | string) =>
  (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes)).toString('base64url');
const sha256 = (bytes: Uint8Array | string) => new Uint8Array(createHash('sha256').update(bytes).digest());

export const FLAG_UP = 0x01;
export const FLAG_UV = 0x04;
export const FLAG_BE = 0x08;
export const FLAG_BS = 0x10;
export const FLAG_AT = 0x40;

export interface Flags {
  up: boolean;
  uv: boolean;
  be: boolean;
  bs: boolean;
}

/** What the browser would put in clientDataJSON; each field can be forged. */
export interface ClientDataOverrides {
  type?: string;
  challenge?: string;
  origin?: string;
  crossOrigin?: boolean;
  topOrigin?: string;
}

export interface SoftwareCredential {
  id: Uint8Array;
  privateKey: KeyObject;
  cosePublicKey: Uint8Array;
  rpId: string;
  userHandle: Uint8Array;
  counter: number;
}

export interface CreationOptionsJSON {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { alg: number; type: string }[];
  excludeCredentials?: { id: string; type: string }[];
  authenticatorSelection?: { residentKey?: string; userVerification?: string; requireResidentKey?: boolean };
  timeout?: number;
  attestation?: string;
}

export interface RequestOptionsJSON {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string; type: string }[];
  userVerification?: string;
  timeout?: number;
}

export interface CreateOverrides {
  clientData?: ClientDataOverrides;
  /** The RP ID whose SHA-256 goes into authData (default: the options' rp.id). */
  rpIdForHash?: string;
  flags?: Partial<Flags>;
  /** Credential id bytes (e.g. another user's, or an over-long one). */
  credentialId?: Uint8Array;
  aaguid?: string;
  /** COSE alg written into the public key (the key stays P-256). */
  alg?: number;
  /** Ignore excludeCredentials (what a malicious client would do). */
  ignoreExclude?: boolean;
  counter?: number;
}

export interface AssertOverrides {
  clientData?: ClientDataOverrides;
  rpIdForHash?: string;
  flags?: Partial<Flags>;
  /** The counter to report (default: the credential's counter + 1, stored back). */
  counter?: number;
  /** `null` sends no userHandle; a string is sent as given (base64url). */
  userHandle?: string | null;
  /** Sign with this key instead of the credential's (a bogus signature). */
  signingKey?: KeyObject;
}

function aaguidBytes(aaguid: string): Uint8Array {
  return new Uint8Array(Buffer.from(aaguid.replaceAll('-', ''), 'hex'));
}

function coseKey(privateKey: KeyObject, alg: number): Uint8Array {
  const jwk = privateKey.export({ format: 'jwk' }) as { x: string; y: string };
  return cborEncode(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, alg],
      [-1, 1], // crv: P-256
      [-2, new Uint8Array(Buffer.from(jwk.x, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y, 'base64url'))],
    ]),
  );
}

function flagsByte(flags: Flags, extra = 0): number {
  return (
    (flags.up ? FLAG_UP : 0) |
    (flags.uv ? FLAG_UV : 0) |
    (flags.be ? FLAG_BE : 0) |
    (flags.bs ? FLAG_BS : 0) |
    extra
  );
}

function counterBytes(counter: number): Uint8Array {
  const out = new Uint8Array(4);
  new DataView(out.buffer).setUint32(0, counter);
  return out;
}

function clientDataJSON(
  defaults: Required<Pick<ClientDataOverrides, 'type' | 'challenge' | 'origin'>>,
  overrides: ClientDataOverrides = {},
) {
  const data: Record<string, unknown> = { ...defaults, crossOrigin: false, ...overrides };
  return JSON.stringify(data);
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];
  readonly aaguid: string;
  readonly defaultFlags: Flags;

  constructor(options: { aaguid?: string; flags?: Partial<Flags> } = {}) {
    this.aaguid = options.aaguid ?? '00000000-0000-0000-0000-000000000000';
    this.defaultFlags = { up: true, uv: true, be: true, bs: true, ...options.flags };
  }

  /** navigator.credentials.create(): the registration response JSON (as @simplewebauthn/browser returns it). */
  create(options: CreationOptionsJSON, origin: string, overrides: CreateOverrides = {}) {
    const rpId = options.rp.id ?? new URL(origin).hostname;
    if (!overrides.ignoreExclude) {
      const known = new Set(this.credentials.map((credential) => b64url(credential.id)));
      if (options.excludeCredentials?.some((excluded) => known.has(excluded.id.replace(/=+$/, '')))) {
        const error = new Error('The authenticator was previously registered');
        error.name = 'InvalidStateError';
        throw error;
      }
    }
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: SoftwareCredential = {
      id: overrides.credentialId ?? new Uint8Array(randomBytes(32)),
      privateKey,
      cosePublicKey: coseKey(privateKey, overrides.alg ?? -7),
      rpId,
      userHandle: new Uint8Array(Buffer.from(options.user.id, 'base64url')),
      counter: overrides.counter ?? 0,
    };
    const idLength = Uint8Array.of(credential.id.length >> 8, credential.id.length & 0xff);
    const authData = concat(
      sha256(overrides.rpIdForHash ?? rpId),
      Uint8Array.of(flagsByte({ ...this.defaultFlags, ...overrides.flags }, FLAG_AT)),
      counterBytes(credential.counter),
      aaguidBytes(overrides.aaguid ?? this.aaguid),
      idLength,
      credential.id,
      credential.cosePublicKey,
    );
    const attestationObject = cborEncode(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    const clientData = clientDataJSON(
      { type: 'webauthn.create', challenge: options.challenge, origin },
      overrides.clientData,
    );
    this.credentials.push(credential);
    const id = b64url(credential.id);
    return {
      credential,
      response: {
        id,
        rawId: id,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64url(clientData),
          attestationObject: b64url(attestationObject),
          transports: ['internal', 'hybrid'],
        },
        clientExtensionResults: { credProps: { rk: true } },
      },
    };
  }

  /** navigator.credentials.get() with a chosen credential (default: the first allowed one, else the newest). */
  get(
    options: RequestOptionsJSON,
    origin: string,
    overrides: AssertOverrides & { credential?: SoftwareCredential } = {},
  ) {
    const allowed = new Set((options.allowCredentials ?? []).map((item) => item.id.replace(/=+$/, '')));
    const credential =
      overrides.credential ??
      (allowed.size > 0
        ? this.credentials.find((item) => allowed.has(b64url(item.id)))
        : this.credentials[this.credentials.length - 1]);
    if (!credential) {
      const error = new Error('No credential');
      error.name = 'NotAllowedError';
      throw error;
    }
    return { credential, response: assertion(credential, options, origin, overrides, this.defaultFlags) };
  }
}

/** An assertion by `credential` (the counter is advanced unless one is forced). */
export function assertion(
  credential: SoftwareCredential,
  options: RequestOptionsJSON,
  origin: string,
  overrides: AssertOverrides = {},
  defaultFlags: Flags = { up: true, uv: true, be: true, bs: true },
) {
  const counter = overrides.counter ?? credential.counter + 1;
  credential.counter = Math.max(credential.counter, counter);
  const authenticatorData = concat(
    sha256(overrides.rpIdForHash ?? options.rpId ?? credential.rpId),
    Uint8Array.of(flagsByte({ ...defaultFlags, ...overrides.flags })),
    counterBytes(counter),
  );
  const clientData = clientDataJSON(
    { type: 'webauthn.get', challenge: options.challenge, origin },
    overrides.clientData,
  );
  const signature = sign('sha256', concat(authenticatorData, sha256(clientData)), {
    key: overrides.signingKey ?? credential.privateKey,
    dsaEncoding: 'der',
  });
  const id = b64url(credential.id);
  return {
    id,
    rawId: id,
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authenticatorData),
      signature: b64url(new Uint8Array(signature)),
      userHandle: overrides.userHandle === undefined ? b64url(credential.userHandle) : overrides.userHandle,
    },
    clientExtensionResults: {},
  };
}
