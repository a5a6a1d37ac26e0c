// SPEC §3 "Bitcoin vault enumerations" (issue 13 item 4): every enumeration with exactly the listed values, owned by
// the web app. Each is a readonly tuple with its union type, so an exhaustive `switch` over a value compiles only
// when it names every member (see `assertNever`), and vault-enumerations.test.ts pins every value.

/** Compile-time exhaustiveness: a `switch` whose default calls this fails to compile if a member is unhandled. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}

export const NETWORKS = ['testnet', 'mainnet'] as const;
export type Network = (typeof NETWORKS)[number];

/**
 * SPEC §9 "Blockchain network: mainnet in production, otherwise testnet". The caller says which environment it runs
 * in (the web app learns it from the server: GET /dev/project answers only outside production, use-dev-tools.ts).
 */
export function networkForEnvironment(environment: 'production' | 'development' | 'test'): Network {
  return environment === 'production' ? 'mainnet' : 'testnet';
}

export const DERIVATION_STANDARDS = ['bip48', 'bip84', 'bip45'] as const;
export type DerivationStandard = (typeof DERIVATION_STANDARDS)[number];

export const VAULT_TYPES = ['single_key', 'multi_2_of_3', 'multi_3_of_5'] as const;
export type VaultType = (typeof VAULT_TYPES)[number];

export const KEY_STATUSES = ['initiated', 'active', 'inactive', 'abandoned', 'compromised'] as const;
export type KeyStatus = (typeof KEY_STATUSES)[number];

export const DEVICE_HEALTHS = [
  'unknown',
  'healthy',
  'mismatch',
  'not_created',
  'key_lost',
  'passcode_disabled',
  'biometric_disabled',
  'biometric_failed',
  'bad_signature',
  'keychain_unavailable',
] as const;
export type DeviceHealth = (typeof DEVICE_HEALTHS)[number];

export const DEVICE_MODELS = [
  'unknown_device_model',
  'iphone',
  'ledger_nano_x',
  'ledger_nano_s_plus',
  'trezor_model_one',
  'trezor_model_t',
  'trezor_safe_3',
  'trezor_safe_5',
  'coldcard_mk4',
  'coldcard_q',
  'foundation_passport',
] as const;
export type DeviceModel = (typeof DEVICE_MODELS)[number];

export const DEVICE_BRANDS = ['unknown', 'iphone', 'ledger', 'trezor', 'coldcard', 'foundation'] as const;
export type DeviceBrand = (typeof DEVICE_BRANDS)[number];

/** SPEC §3: "Labels are Unknown, iPhone, Ledger, Trezor, Coldcard, Passport" (Foundation's device is the Passport). */
export const DEVICE_BRAND_LABELS: Readonly<Record<DeviceBrand, string>> = {
  unknown: 'Unknown',
  iphone: 'iPhone',
  ledger: 'Ledger',
  trezor: 'Trezor',
  coldcard: 'Coldcard',
  foundation: 'Passport',
};

/** SPEC §3: "The hardware-brand list excludes iphone" (a phone is not a hardware key). */
export const HARDWARE_BRANDS = DEVICE_BRANDS.filter(
  (brand): brand is Exclude<DeviceBrand, 'iphone'> => brand !== 'iphone',
);
export type HardwareBrand = (typeof HARDWARE_BRANDS)[number];

/** Each device model's brand: the exhaustive switch makes a new model without a brand a compile error. */
export function brandOfDeviceModel(model: DeviceModel): DeviceBrand {
  switch (model) {
    case 'unknown_device_model':
      return 'unknown';
    case 'iphone':
      return 'iphone';
    case 'ledger_nano_x':
    case 'ledger_nano_s_plus':
      return 'ledger';
    case 'trezor_model_one':
    case 'trezor_model_t':
    case 'trezor_safe_3':
    case 'trezor_safe_5':
      return 'trezor';
    case 'coldcard_mk4':
    case 'coldcard_q':
      return 'coldcard';
    case 'foundation_passport':
      return 'foundation';
    default:
      return assertNever(model);
  }
}

export const SCRIPT_TYPES = ['p2wsh', 'p2wpkh'] as const;
export type ScriptType = (typeof SCRIPT_TYPES)[number];

/** SPEC §3: key positions 0–3, where 0 is the provider's own key. */
export const KEY_POSITIONS = [0, 1, 2, 3] as const;
export type KeyPosition = (typeof KEY_POSITIONS)[number];
export const PROVIDER_KEY_POSITION: KeyPosition = 0;

export function isProviderKey(position: KeyPosition): boolean {
  return position === PROVIDER_KEY_POSITION;
}

export const KEY_OWNER_KINDS = ['MOBILE', 'HARDWARE', 'INVITE', 'KEY_AGENT'] as const;
export type KeyOwnerKind = (typeof KEY_OWNER_KINDS)[number];

export const KEY_STATES = ['active', 'lost', 'dormant', 'bricked'] as const;
export type KeyState = (typeof KEY_STATES)[number];

/**
 * SPEC §3 names five categories and describes a sixth, "a category for the provider's own key being disabled",
 * without its value; `provider_key_disabled` is ours (key position 0 is the provider's own key).
 */
export const VAULT_CATEGORIES = [
  'key_agent',
  'all_hardware_keys',
  'provider_key_disabled',
  'watch_only',
  'external_wallet',
  'business_vault',
] as const;
export type VaultCategory = (typeof VAULT_CATEGORIES)[number];

export const DESCRIPTOR_FRAGMENTS = ['wsh', 'pk', 'pkh', 'sh', 'wpkh', 'ms', 'tr'] as const;
export type DescriptorFragment = (typeof DESCRIPTOR_FRAGMENTS)[number];

/** A type guard per enumeration, for values read from the network or storage. */
function guard<const T extends readonly (string | number)[]>(values: T) {
  return (value: unknown): value is T[number] => (values as readonly unknown[]).includes(value);
}

export const isNetwork = guard(NETWORKS);
export const isDerivationStandard = guard(DERIVATION_STANDARDS);
export const isVaultType = guard(VAULT_TYPES);
export const isKeyStatus = guard(KEY_STATUSES);
export const isDeviceHealth = guard(DEVICE_HEALTHS);
export const isDeviceModel = guard(DEVICE_MODELS);
export const isDeviceBrand = guard(DEVICE_BRANDS);
export const isScriptType = guard(SCRIPT_TYPES);
export const isKeyPosition = guard(KEY_POSITIONS);
export const isKeyOwnerKind = guard(KEY_OWNER_KINDS);
export const isKeyState = guard(KEY_STATES);
export const isVaultCategory = guard(VAULT_CATEGORIES);
export const isDescriptorFragment = guard(DESCRIPTOR_FRAGMENTS);
