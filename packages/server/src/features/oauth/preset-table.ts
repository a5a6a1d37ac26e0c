// Which preset a provider type uses (issue 11 item 1): by default the table of the 19 presets in presets/.
//
// An app may use other presets than the default table (tests point a stand-in preset at oidc-provider on
// loopback; an embedding app may add its own provider): overridePresets(ctx, table). The table is kept per app
// context (DESIGN.md convention 12), in a WeakMap keyed by the context so it dies with the app.
import type { OAuthProvider } from '@gatehouse/protocol';
import type { ProviderPreset } from './preset';
import { PRESETS } from './presets';

export type PresetTable = Partial<Record<OAuthProvider, ProviderPreset>>;

export const DEFAULT_PRESETS: PresetTable = PRESETS;

const overrides = new WeakMap<object, PresetTable>();

/** Uses `table` (over the defaults) for every OAuth call of the app whose context is `ctx`. */
export function overridePresets(ctx: object, table: PresetTable): void {
  overrides.set(ctx, { ...DEFAULT_PRESETS, ...table });
}

/** The preset of `provider` for the app of `ctx`, or null when there is none. */
export function presetFor(ctx: object, provider: OAuthProvider): ProviderPreset | null {
  return (overrides.get(ctx) ?? DEFAULT_PRESETS)[provider] ?? null;
}
