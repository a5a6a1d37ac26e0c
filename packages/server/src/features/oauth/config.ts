// OAuth clients per project (issue 11 item 1): stored from the project file at start, looked up by the flow and by
// One Tap. Client secrets and Apple's private key are encrypted at rest under SECRET_KEY (infra/secret-box.ts
// purpose 'oauth-client-secret', context `<project_id>/<provider>`), like the signing keys; a SECRET_KEY rotation
// re-encrypts them (reencryptOAuthSecrets, registered in app.ts).
import type { OAuthProvider } from '@gatehouse/protocol';
import { and, eq, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { oauthProviderConfigs, oauthProviderTokens, oauthStates } from '../../infra/db/schema';
import { assertSecretKeyRecorded, type Reencryption } from '../../infra/secret-key';
import type { OAuthProviderDeclarations } from './file-schema';
import type { ProviderEndpoints, ProviderPreset } from './preset';
import { presetFor } from './preset-table';

/** The plain part of a stored client (oauth_provider_configs.settings). */
interface StoredProviderSettings {
  endpoints?: Partial<ProviderEndpoints>;
  scopes?: string[] | null;
  one_tap?: boolean;
  one_tap_script_url?: string;
  apple?: { team_id: string; key_id: string } | null;
}

/** The encrypted part (oauth_provider_configs.secrets_ciphertext). */
interface StoredProviderSecrets {
  client_secret?: string;
  apple_private_key?: string;
}

/** A provider as the flow uses it: the preset with the project's overrides merged in, secrets decrypted. */
export interface ResolvedProviderConfig {
  provider: OAuthProvider;
  preset: ProviderPreset;
  clientId: string;
  clientSecret: string | null;
  /** The preset's endpoints with the project's overrides. */
  endpoints: ProviderEndpoints;
  /** The project's scopes, or the preset's defaults. */
  scopes: readonly string[];
  oneTap: boolean;
  /** Google only: the One Tap script URL the project file names, or null for Google's own. */
  oneTapScriptUrl: string | null;
  apple: { teamId: string; keyId: string; privateKey: string } | null;
}

function secretContext(projectId: string, provider: string): string {
  return `${projectId}/${provider}`;
}

function encryptSecrets(
  secrets: AppContext['secrets'],
  projectId: string,
  provider: string,
  value: StoredProviderSecrets,
): Uint8Array | null {
  if (value.client_secret === undefined && value.apple_private_key === undefined) return null;
  const plaintext = new TextEncoder().encode(JSON.stringify(value));
  return secrets.encrypt('oauth-client-secret', plaintext, secretContext(projectId, provider));
}

/**
 * Replaces the project's OAuth clients by the declared ones (the project file names every client a project has;
 * a provider no longer declared is removed). One transaction, under the recorded SECRET_KEY.
 */
export async function saveOAuthProviderConfigs(
  ctx: Pick<AppContext, 'db' | 'secrets' | 'clock'>,
  options: { projectId: string; declarations: OAuthProviderDeclarations },
): Promise<void> {
  const { projectId, declarations } = options;
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await assertSecretKeyRecorded(tx, ctx.secrets);
    const declared = Object.keys(declarations);
    await tx
      .delete(oauthProviderConfigs)
      .where(
        and(
          eq(oauthProviderConfigs.projectId, projectId),
          ...(declared.length > 0 ? [notInArray(oauthProviderConfigs.providerType, declared)] : []),
        ),
      );
    for (const [provider, declaration] of Object.entries(declarations)) {
      const settings: StoredProviderSettings = {
        endpoints: declaration.endpoints,
        scopes: declaration.scopes,
        one_tap: declaration.oneTap,
        ...(declaration.oneTapScriptUrl !== undefined
          ? { one_tap_script_url: declaration.oneTapScriptUrl }
          : {}),
        apple:
          declaration.apple === null
            ? null
            : { team_id: declaration.apple.teamId, key_id: declaration.apple.keyId },
      };
      const secretsCiphertext = encryptSecrets(ctx.secrets, projectId, provider, {
        ...(declaration.clientSecret !== null ? { client_secret: declaration.clientSecret } : {}),
        ...(declaration.apple !== null ? { apple_private_key: declaration.apple.privateKey } : {}),
      });
      const row = {
        clientId: declaration.clientId,
        settings: settings as Record<string, unknown>,
        secretsCiphertext,
        updatedAt: now,
      };
      await tx
        .insert(oauthProviderConfigs)
        .values({ projectId, providerType: provider, ...row })
        .onConflictDoUpdate({
          target: [oauthProviderConfigs.projectId, oauthProviderConfigs.providerType],
          set: row,
        });
    }
  });
}

/**
 * The provider of a project as the flow and One Tap use it: the app's preset for `provider` with the project's
 * endpoint and scope overrides and the decrypted secrets; null when the project has no client for it or the app
 * has no preset.
 */
export async function oauthProviderConfig(
  ctx: Pick<AppContext, 'db' | 'secrets'>,
  projectId: string,
  provider: OAuthProvider,
): Promise<ResolvedProviderConfig | null> {
  const preset = presetFor(ctx, provider);
  if (preset === null) return null;
  const [row] = await ctx.db
    .select()
    .from(oauthProviderConfigs)
    .where(
      and(eq(oauthProviderConfigs.projectId, projectId), eq(oauthProviderConfigs.providerType, provider)),
    )
    .limit(1);
  if (row === undefined) return null;
  const settings = row.settings as StoredProviderSettings;
  const secrets: StoredProviderSecrets =
    row.secretsCiphertext === null
      ? {}
      : (JSON.parse(
          new TextDecoder().decode(
            ctx.secrets.decrypt(
              'oauth-client-secret',
              row.secretsCiphertext,
              secretContext(projectId, provider),
            ),
          ),
        ) as StoredProviderSecrets);
  return {
    provider,
    preset,
    clientId: row.clientId,
    clientSecret: secrets.client_secret ?? null,
    endpoints: { ...preset.endpoints, ...settings.endpoints },
    scopes: settings.scopes ?? preset.defaultScopes,
    oneTap: settings.one_tap ?? false,
    oneTapScriptUrl: settings.one_tap_script_url ?? null,
    apple:
      settings.apple && secrets.apple_private_key !== undefined
        ? {
            teamId: settings.apple.team_id,
            keyId: settings.apple.key_id,
            privateKey: secrets.apple_private_key,
          }
        : null,
  };
}

/** Re-encrypts every row of `table` whose ciphertext column is encrypted under `purpose` with a per-row context. */
async function reencryptColumn<Row extends { ciphertext: Uint8Array | null }>(options: {
  rows: Row[];
  purpose: 'oauth-client-secret' | 'oauth-provider-token';
  context: (row: Row) => string;
  write: (row: Row, ciphertext: Uint8Array) => Promise<unknown>;
  from: AppContext['secrets'];
  to: AppContext['secrets'];
}): Promise<number> {
  let count = 0;
  for (const row of options.rows) {
    if (row.ciphertext === null) continue;
    const context = options.context(row);
    const plaintext = options.from.decrypt(options.purpose, row.ciphertext, context);
    await options.write(row, options.to.encrypt(options.purpose, plaintext, context));
    count += 1;
  }
  return count;
}

/**
 * SECRET_KEY rotation (infra/secret-key.ts): OAuth client secrets, stored provider tokens and the PKCE verifiers of
 * pending starts, decrypted under the previous secret and encrypted under the new one in the caller's transaction.
 */
export const reencryptOAuthSecrets: Reencryption = {
  name: 'OAuth secrets',
  async run(tx, { from, to }) {
    const clients = await tx
      .select({
        projectId: oauthProviderConfigs.projectId,
        provider: oauthProviderConfigs.providerType,
        ciphertext: oauthProviderConfigs.secretsCiphertext,
      })
      .from(oauthProviderConfigs)
      .for('update');
    let count = await reencryptColumn({
      rows: clients,
      purpose: 'oauth-client-secret',
      context: (row) => secretContext(row.projectId, row.provider),
      write: (row, ciphertext) =>
        tx
          .update(oauthProviderConfigs)
          .set({ secretsCiphertext: ciphertext })
          .where(
            and(
              eq(oauthProviderConfigs.projectId, row.projectId),
              eq(oauthProviderConfigs.providerType, row.provider),
            ),
          ),
      from,
      to,
    });
    const tokens = await tx
      .select({ id: oauthProviderTokens.registrationId, ciphertext: oauthProviderTokens.tokensCiphertext })
      .from(oauthProviderTokens)
      .for('update');
    count += await reencryptColumn({
      rows: tokens,
      purpose: 'oauth-provider-token',
      context: (row) => row.id,
      write: (row, ciphertext) =>
        tx
          .update(oauthProviderTokens)
          .set({ tokensCiphertext: ciphertext })
          .where(eq(oauthProviderTokens.registrationId, row.id)),
      from,
      to,
    });
    const states = await tx
      .select({ id: oauthStates.id, ciphertext: oauthStates.codeVerifierCiphertext })
      .from(oauthStates)
      .for('update');
    count += await reencryptColumn({
      rows: states,
      purpose: 'oauth-provider-token',
      context: (row) => row.id,
      write: (row, ciphertext) =>
        tx.update(oauthStates).set({ codeVerifierCiphertext: ciphertext }).where(eq(oauthStates.id, row.id)),
      from,
      to,
    });
    return count;
  },
};
