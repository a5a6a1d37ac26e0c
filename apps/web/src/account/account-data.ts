// The account page's reads, each through TanStack Query (issue 13 item 3) with the SPEC §9 cache constants of
// ./query-client. After any change a section calls invalidateAccount(), so every read refetches what it shows.
import { describeError } from '@gatehouse/react';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AppClient, UserView } from '../app-client';
import { WIDGET_STRINGS } from '../strings';

export const ACCOUNT_KEYS = {
  all: ['account'] as const,
  user: ['account', 'user'] as const,
  sessions: ['account', 'sessions'] as const,
  recoveryCodes: ['account', 'recovery-codes'] as const,
};

/** Every account read is stale after a change: refetch what is shown, drop what is not. */
export function invalidateAccount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: ACCOUNT_KEYS.all });
}

/**
 * The user (GET /users/me). The SDK already holds it, so the page starts from that copy and fetches once; the
 * SDK's own changes (a removal answers the updated user, another tab signs in) are written into the cache.
 */
export function useAccountUser(client: AppClient) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      client.user.onChange(() => {
        const user = client.user.getSync();
        if (user) queryClient.setQueryData(ACCOUNT_KEYS.user, user);
        else queryClient.removeQueries({ queryKey: ACCOUNT_KEYS.all });
      }),
    [client, queryClient],
  );
  return useQuery<UserView | null>({
    queryKey: ACCOUNT_KEYS.user,
    queryFn: () => client.user.get(),
    initialData: () => client.user.getSync() ?? undefined,
    // The SDK's copy may be from the cache of an earlier visit: fetch once on open.
    initialDataUpdatedAt: 0,
  });
}

/** GET /sessions/list (Gatehouse's own call): the user's live sessions and which one is this device's. */
export function useAccountSessions(client: AppClient) {
  return useQuery({ queryKey: ACCOUNT_KEYS.sessions, queryFn: () => client.session.list() });
}

/** POST /totps/recovery_codes: how many recovery codes are left (only asked when an app is set up). */
export function useRecoveryCodesRemaining(client: AppClient, enabled: boolean) {
  return useQuery({
    queryKey: ACCOUNT_KEYS.recoveryCodes,
    queryFn: () => client.totps.recoveryCodes(),
    enabled,
    select: (data) => {
      const verified = data.totps.find((totp) => totp.verified);
      return verified?.recovery_codes_remaining ?? null;
    },
  });
}

/**
 * The server's reason when it gave one (an API error), else the fallback. Issue 22 finding 6: through the widget's
 * describeError, so an error type whose error_message is written for developers ("Expected an E.164 number …")
 * reads as the strings table's text, the same words the widget uses.
 */
export function reasonOf(error: unknown, fallback: string): string {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as { error_message?: unknown };
  return typeof fields.error_message === 'string' && fields.error_message !== ''
    ? describeError(error, fallback, WIDGET_STRINGS).message
    : fallback;
}

/** A way to sign in, as the server counts them (features/users/user-service.ts removeUserResource). */
export type SignInWay =
  | { kind: 'email'; id: string }
  | { kind: 'phone'; id: string }
  | { kind: 'passkey'; id: string }
  | { kind: 'oauth'; id: string }
  | { kind: 'wallet'; id: string };

/**
 * Issue 22 Deliver 2: "the last way to sign in cannot be removed, and the page says why" — before the click. The
 * server refuses such a removal with 409 last_authentication_factor when nothing else would sign the user in: a
 * verified e-mail address or phone number, a usable password, a verified passkey or wallet, a linked social account.
 * This counts the same things in the user the page shows, so the remove button is disabled with the reason beside
 * it; the server's check stays the rule (a stale page still gets the 409, shown inline).
 */
export function isLastWayToSignIn(user: UserView, way: SignInWay): boolean {
  const ways: string[] = [
    ...user.emails.filter((email) => email.verified).map((email) => `email:${email.email_id}`),
    ...user.phone_numbers.filter((phone) => phone.verified).map((phone) => `phone:${phone.phone_id}`),
    ...(user.webauthn_registrations ?? [])
      .filter((passkey) => passkey.verified)
      .map((passkey) => `passkey:${passkey.webauthn_registration_id}`),
    ...user.providers.map((provider) => `oauth:${provider.oauth_user_registration_id}`),
    ...(user.crypto_wallets ?? [])
      .filter((wallet) => wallet.verified)
      .map((wallet) => `wallet:${wallet.crypto_wallet_id}`),
    ...(user.password && !user.password.requires_reset ? ['password'] : []),
  ];
  const key = `${way.kind}:${way.id}`;
  return ways.length === 1 && ways[0] === key;
}
