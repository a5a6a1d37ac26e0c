// SPEC §7: the three wallet calls under /sdk/v1 (wire-format.md §4.7), all of the crypto product. Routes are
// relative to the prefix.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { ROUTES } from '@gatehouse/protocol';
import type { FastifyInstance } from 'fastify';
import { type AppContext, sendData } from '../../infra/context';
import { contextOf } from '../../infra/request-context';
import { AuthenticateBody, AuthenticateStartBody } from './schema';
import { authenticate, startAuthentication } from './service';

/** Paths relative to /sdk/v1 (wire-format.md §4.7). */
export const CRYPTO_WALLET_ROUTES = ROUTES.cryptoWallets;

/** The Origin header as sent (one value), or null; the request-context hook has checked it against the project. */
function originOf(value: string | string[] | undefined): string | null {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined || text === '' ? null : text;
}

export async function registerCryptoWalletRoutes(sdk: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = sdk.withTypeProvider<TypeBoxTypeProvider>();
  for (const [url, mode] of [
    [CRYPTO_WALLET_ROUTES.authenticateStartPrimary, 'primary'],
    [CRYPTO_WALLET_ROUTES.authenticateStartSecondary, 'secondary'],
  ] as const) {
    const config = { product: 'crypto', session: mode === 'secondary' ? 'required' : 'none' } as const;
    app.post(url, { schema: { body: AuthenticateStartBody }, config }, async (request, reply) =>
      sendData(
        reply,
        await startAuthentication(ctx, contextOf(request), {
          body: request.body,
          mode,
          origin: originOf(request.headers.origin),
          action: url,
        }),
      ),
    );
  }
  app.post(
    CRYPTO_WALLET_ROUTES.authenticate,
    // A signed-in caller's session gets the wallet and the factor added (SPEC §4 secondary calls).
    { schema: { body: AuthenticateBody }, config: { product: 'crypto', session: 'optional' } },
    async (request, reply) =>
      sendData(
        reply,
        await authenticate(ctx, contextOf(request), {
          body: request.body,
          action: CRYPTO_WALLET_ROUTES.authenticate,
        }),
      ),
  );
}
