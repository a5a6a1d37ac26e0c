import { describe, expect, it } from 'vitest';
import {
  assertNever,
  brandOfDeviceModel,
  DERIVATION_STANDARDS,
  DESCRIPTOR_FRAGMENTS,
  DEVICE_BRAND_LABELS,
  DEVICE_BRANDS,
  DEVICE_HEALTHS,
  DEVICE_MODELS,
  type DeviceBrand,
  HARDWARE_BRANDS,
  isDeviceModel,
  isKeyPosition,
  isNetwork,
  isProviderKey,
  KEY_OWNER_KINDS,
  KEY_POSITIONS,
  KEY_STATES,
  KEY_STATUSES,
  NETWORKS,
  networkForEnvironment,
  SCRIPT_TYPES,
  VAULT_CATEGORIES,
  VAULT_TYPES,
  type VaultType,
} from './vault-enumerations';

// SPEC §3 "Bitcoin vault enumerations": each list exactly, in the spec's order.
describe('vault enumerations (SPEC §3)', () => {
  it('pins every value', () => {
    expect(NETWORKS).toEqual(['testnet', 'mainnet']);
    expect(DERIVATION_STANDARDS).toEqual(['bip48', 'bip84', 'bip45']);
    expect(VAULT_TYPES).toEqual(['single_key', 'multi_2_of_3', 'multi_3_of_5']);
    expect(KEY_STATUSES).toEqual(['initiated', 'active', 'inactive', 'abandoned', 'compromised']);
    expect(DEVICE_HEALTHS).toEqual([
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
    ]);
    expect(DEVICE_MODELS).toEqual([
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
    ]);
    expect(DEVICE_BRANDS).toEqual(['unknown', 'iphone', 'ledger', 'trezor', 'coldcard', 'foundation']);
    expect(SCRIPT_TYPES).toEqual(['p2wsh', 'p2wpkh']);
    expect(KEY_POSITIONS).toEqual([0, 1, 2, 3]);
    expect(KEY_OWNER_KINDS).toEqual(['MOBILE', 'HARDWARE', 'INVITE', 'KEY_AGENT']);
    expect(KEY_STATES).toEqual(['active', 'lost', 'dormant', 'bricked']);
    expect(VAULT_CATEGORIES).toEqual([
      'key_agent',
      'all_hardware_keys',
      'provider_key_disabled',
      'watch_only',
      'external_wallet',
      'business_vault',
    ]);
    expect(DESCRIPTOR_FRAGMENTS).toEqual(['wsh', 'pk', 'pkh', 'sh', 'wpkh', 'ms', 'tr']);
  });

  it('labels the brands as SPEC §3 says and keeps iPhone out of the hardware brands', () => {
    expect(DEVICE_BRANDS.map((brand) => DEVICE_BRAND_LABELS[brand])).toEqual([
      'Unknown',
      'iPhone',
      'Ledger',
      'Trezor',
      'Coldcard',
      'Passport',
    ]);
    expect(HARDWARE_BRANDS).toEqual(['unknown', 'ledger', 'trezor', 'coldcard', 'foundation']);
  });

  it('maps each device model to its brand', () => {
    const brands = Object.fromEntries(DEVICE_MODELS.map((model) => [model, brandOfDeviceModel(model)]));
    expect(brands).toEqual({
      unknown_device_model: 'unknown',
      iphone: 'iphone',
      ledger_nano_x: 'ledger',
      ledger_nano_s_plus: 'ledger',
      trezor_model_one: 'trezor',
      trezor_model_t: 'trezor',
      trezor_safe_3: 'trezor',
      trezor_safe_5: 'trezor',
      coldcard_mk4: 'coldcard',
      coldcard_q: 'coldcard',
      foundation_passport: 'foundation',
    });
    // Every brand has at least one model.
    expect(new Set(Object.values(brands))).toEqual(new Set<DeviceBrand>(DEVICE_BRANDS));
  });

  it('makes key position 0 the provider’s own key', () => {
    expect(KEY_POSITIONS.filter(isProviderKey)).toEqual([0]);
    expect(isKeyPosition(3)).toBe(true);
    expect(isKeyPosition(4)).toBe(false);
    expect(isKeyPosition('0')).toBe(false);
  });

  it('chooses mainnet in production and testnet otherwise (SPEC §9)', () => {
    expect(networkForEnvironment('production')).toBe('mainnet');
    expect(networkForEnvironment('development')).toBe('testnet');
    expect(networkForEnvironment('test')).toBe('testnet');
  });

  it('guards values read from outside', () => {
    expect(isNetwork('mainnet')).toBe(true);
    expect(isNetwork('regtest')).toBe(false);
    expect(isDeviceModel('ledger_nano_x')).toBe(true);
    expect(isDeviceModel('LEDGER_NANO_X')).toBe(false);
  });

  it('compiles exhaustive switches (a missing member would be a type error) and throws on the impossible', () => {
    const signers = (type: VaultType): number => {
      switch (type) {
        case 'single_key':
          return 1;
        case 'multi_2_of_3':
          return 2;
        case 'multi_3_of_5':
          return 3;
        default:
          return assertNever(type);
      }
    };
    expect(VAULT_TYPES.map(signers)).toEqual([1, 2, 3]);
    expect(() => assertNever('x' as never)).toThrow('Unexpected value: x');
  });
});
