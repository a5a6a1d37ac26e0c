// Issue 11 item 4 (moved here by issue 13 item 3): the linked social accounts, as they arrive on the user.
import { isReauthenticationCancelled, useReauthentication } from '@gatehouse/react/reauthentication';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { AppClient, UserView } from '../app-client';
import { STRINGS } from '../strings';
import { invalidateAccount, isLastWayToSignIn, reasonOf } from './account-data';
import { ConfirmButton } from './confirm-dialog';
import { ConfirmItsYou } from './confirm-its-you';
import { LastWayReason } from './remove-button';

/**
 * Issue 11 item 4: the linked social accounts, each with an unlink button (DELETE /users/oauth/{id}). The server
 * refuses to unlink the user's last way to sign in; its error_message is shown as it came. On success the SDK
 * stores the user the server answers, so the row disappears through the user state. Issue 20 item 3: an unlink
 * answered `reauthentication_required` / `second_factor_required` waits for "Confirm it's you", then runs again.
 * Issue 22 finding 5 / Deliver 2: unlinking asks first in a dialog; the last way to sign in is not offered, and says why.
 * Wallets are listed below; issue 22 adds their removal (DELETE /users/crypto_wallets/{id}) with the same rules.
 */
export function ProvidersSection({ client, user }: { client: AppClient; user: UserView }) {
  const queryClient = useQueryClient();
  const { request, guard } = useReauthentication();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const name = (type: string) => STRINGS.account.providerNames[type] ?? type;

  const unlink = async (id: string, type: string) => {
    setBusy(id);
    setOutcome(null);
    try {
      await guard(() => client.user.deleteOAuthRegistration(id));
      setOutcome({ kind: 'done', text: STRINGS.account.unlinked(name(type)) });
      await invalidateAccount(queryClient);
    } catch (error) {
      if (isReauthenticationCancelled(error)) return;
      setOutcome({ kind: 'failed', text: reasonOf(error, STRINGS.account.unlinkFailed) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="account-providers-heading">
      <h2 id="account-providers-heading">{STRINGS.account.providersSection}</h2>
      {user.providers.length === 0 ? (
        <p className="muted">{STRINGS.account.noProviders}</p>
      ) : (
        <ul className="plain-list item-list" data-testid="account-providers">
          {user.providers.map((provider) => (
            <li key={provider.oauth_user_registration_id} data-provider={provider.provider_type}>
              <span>
                {name(provider.provider_type)} <span className="muted">({provider.provider_subject})</span>
              </span>
              <ProviderUnlink
                provider={name(provider.provider_type)}
                busy={busy === provider.oauth_user_registration_id}
                otherBusy={busy !== null}
                lastWay={isLastWayToSignIn(user, { kind: 'oauth', id: provider.oauth_user_registration_id })}
                onConfirm={() => unlink(provider.oauth_user_registration_id, provider.provider_type)}
              />
            </li>
          ))}
        </ul>
      )}
      {outcome !== null ? (
        <p
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
          className={outcome.kind === 'failed' ? 'error' : 'muted'}
          data-testid="account-providers-outcome"
        >
          {outcome.text}
        </p>
      ) : null}
      <ConfirmItsYou request={request} testId="account-providers-reauthentication" />
    </section>
  );
}

function ProviderUnlink(props: {
  provider: string;
  busy: boolean;
  otherBusy: boolean;
  lastWay: boolean;
  onConfirm(): void;
}) {
  const reasonId = useId();
  return (
    <>
      <ConfirmButton
        ariaLabel={STRINGS.account.unlinkProvider(props.provider)}
        busy={props.otherBusy}
        disabled={props.lastWay}
        describedBy={props.lastWay ? reasonId : undefined}
        title={STRINGS.account.confirmUnlinkTitle(props.provider)}
        description={STRINGS.account.confirmUnlink(props.provider)}
        confirmLabel={STRINGS.account.unlink}
        onConfirm={props.onConfirm}
      >
        {props.busy ? STRINGS.account.unlinking : STRINGS.account.unlink}
      </ConfirmButton>
      {props.lastWay ? <LastWayReason id={reasonId} /> : null}
    </>
  );
}

/**
 * Issue 22 Deliver 2: "linked accounts and wallets" — the wallets the user signs in with, each removable (DELETE
 * /users/crypto_wallets/{id}, Stytch's users.deleteCryptoWallet) after the confirm dialog; the last way to sign in
 * is not offered and says why, and a "Confirm it's you" refusal waits for the sign-in, as unlinking does.
 */
export function WalletsSection({ client, user }: { client: AppClient; user: UserView }) {
  const queryClient = useQueryClient();
  const { request, guard } = useReauthentication();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: 'done' | 'failed'; text: string } | null>(null);
  const wallets = user.crypto_wallets ?? [];

  const remove = async (id: string, address: string) => {
    setBusy(id);
    setOutcome(null);
    try {
      await guard(() => client.user.deleteCryptoWallet(id));
      setOutcome({ kind: 'done', text: STRINGS.account.walletRemoved(address) });
      await invalidateAccount(queryClient);
    } catch (error) {
      if (isReauthenticationCancelled(error)) return;
      setOutcome({ kind: 'failed', text: reasonOf(error, STRINGS.account.walletRemoveFailed) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section aria-labelledby="account-wallets-heading" data-testid="account-wallets">
      <h2 id="account-wallets-heading">{STRINGS.account.walletsSection}</h2>
      {wallets.length === 0 ? (
        <p className="muted">{STRINGS.account.noWallets}</p>
      ) : (
        <ul className="plain-list item-list">
          {wallets.map((wallet) => (
            <li key={wallet.crypto_wallet_id}>
              <span className="wallet-address">{wallet.crypto_wallet_address}</span>
              <span className="muted">{wallet.crypto_wallet_type}</span>
              <WalletRemove
                address={wallet.crypto_wallet_address}
                busy={busy === wallet.crypto_wallet_id}
                otherBusy={busy !== null}
                lastWay={isLastWayToSignIn(user, { kind: 'wallet', id: wallet.crypto_wallet_id })}
                onConfirm={() => remove(wallet.crypto_wallet_id, wallet.crypto_wallet_address)}
              />
            </li>
          ))}
        </ul>
      )}
      {outcome !== null ? (
        <p
          role={outcome.kind === 'failed' ? 'alert' : 'status'}
          className={outcome.kind === 'failed' ? 'error' : 'muted'}
          data-testid="account-wallets-outcome"
        >
          {outcome.text}
        </p>
      ) : null}
      <ConfirmItsYou request={request} testId="account-wallets-reauthentication" />
    </section>
  );
}

function WalletRemove(props: {
  address: string;
  busy: boolean;
  otherBusy: boolean;
  lastWay: boolean;
  onConfirm(): void;
}) {
  const reasonId = useId();
  return (
    <>
      <ConfirmButton
        ariaLabel={STRINGS.account.removeWallet(props.address)}
        busy={props.otherBusy}
        disabled={props.lastWay}
        describedBy={props.lastWay ? reasonId : undefined}
        title={STRINGS.account.confirmRemoveWalletTitle}
        description={STRINGS.account.confirmRemoveWallet(props.address)}
        confirmLabel={STRINGS.account.removeWalletConfirm}
        onConfirm={props.onConfirm}
        testId="account-remove-wallet"
      >
        {props.busy ? STRINGS.account.removingWallet : STRINGS.account.removeWalletConfirm}
      </ConfirmButton>
      {props.lastWay ? <LastWayReason id={reasonId} /> : null}
    </>
  );
}
