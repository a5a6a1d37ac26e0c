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

type Outcome = { kind: 'done' | 'failed'; text: string } | null;

/**
 * One removal at a time for a section that reports in place (not by toast): the call runs behind "Confirm it's you"
 * (issue 20 item 3), its result is the section's outcome line, and the account data is read again.
 */
function useGuardedRemoval(failedText: string) {
  const queryClient = useQueryClient();
  const { request, guard } = useReauthentication();
  const [busy, setBusy] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (id: string, call: () => Promise<unknown>, doneText: string) => {
    setBusy(id);
    setOutcome(null);
    try {
      await guard(call);
      setOutcome({ kind: 'done', text: doneText });
      await invalidateAccount(queryClient);
    } catch (error) {
      if (isReauthenticationCancelled(error)) return;
      setOutcome({ kind: 'failed', text: reasonOf(error, failedText) });
    } finally {
      setBusy(null);
    }
  };
  return { busy, outcome, request, run };
}

function OutcomeLine({ outcome, testId }: { outcome: Outcome; testId: string }) {
  return outcome === null ? null : (
    <p
      role={outcome.kind === 'failed' ? 'alert' : 'status'}
      className={outcome.kind === 'failed' ? 'error' : 'muted'}
      data-testid={testId}
    >
      {outcome.text}
    </p>
  );
}

/** A removal behind the confirm dialog; the last way to sign in is disabled, with its reason beside it. */
function GuardedRemove(props: {
  ariaLabel: string;
  title: string;
  description: string;
  confirmLabel: string;
  label: string;
  busyLabel: string;
  busy: boolean;
  otherBusy: boolean;
  lastWay: boolean;
  onConfirm(): void;
  testId?: string;
}) {
  const reasonId = useId();
  return (
    <>
      <ConfirmButton
        ariaLabel={props.ariaLabel}
        busy={props.otherBusy}
        disabled={props.lastWay}
        describedBy={props.lastWay ? reasonId : undefined}
        title={props.title}
        description={props.description}
        confirmLabel={props.confirmLabel}
        onConfirm={props.onConfirm}
        {...(props.testId === undefined ? {} : { testId: props.testId })}
      >
        {props.busy ? props.busyLabel : props.label}
      </ConfirmButton>
      {props.lastWay ? <LastWayReason id={reasonId} /> : null}
    </>
  );
}

/**
 * Issue 11 item 4: the linked social accounts, each with an unlink button (DELETE /users/oauth/{id}). The server
 * refuses to unlink the user's last way to sign in; its error_message is shown as it came. On success the SDK
 * stores the user the server answers, so the row disappears through the user state. Issue 20 item 3: an unlink
 * answered `reauthentication_required` / `second_factor_required` waits for "Confirm it's you", then runs again.
 * Issue 22 finding 5 / Deliver 2: unlinking asks first in a dialog; the last way to sign in is not offered, and says why.
 * Wallets are listed below; issue 22 adds their removal (DELETE /users/crypto_wallets/{id}) with the same rules.
 */
export function ProvidersSection({ client, user }: { client: AppClient; user: UserView }) {
  const { busy, outcome, request, run } = useGuardedRemoval(STRINGS.account.unlinkFailed);
  const name = (type: string) => STRINGS.account.providerNames[type] ?? type;
  const unlink = (id: string, type: string) =>
    run(id, () => client.user.deleteOAuthRegistration(id), STRINGS.account.unlinked(name(type)));

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
              <GuardedRemove
                ariaLabel={STRINGS.account.unlinkProvider(name(provider.provider_type))}
                title={STRINGS.account.confirmUnlinkTitle(name(provider.provider_type))}
                description={STRINGS.account.confirmUnlink(name(provider.provider_type))}
                confirmLabel={STRINGS.account.unlink}
                label={STRINGS.account.unlink}
                busyLabel={STRINGS.account.unlinking}
                busy={busy === provider.oauth_user_registration_id}
                otherBusy={busy !== null}
                lastWay={isLastWayToSignIn(user, { kind: 'oauth', id: provider.oauth_user_registration_id })}
                onConfirm={() => unlink(provider.oauth_user_registration_id, provider.provider_type)}
              />
            </li>
          ))}
        </ul>
      )}
      <OutcomeLine outcome={outcome} testId="account-providers-outcome" />
      <ConfirmItsYou request={request} testId="account-providers-reauthentication" />
    </section>
  );
}

/**
 * Issue 22 Deliver 2: "linked accounts and wallets" — the wallets the user signs in with, each removable (DELETE
 * /users/crypto_wallets/{id}, Stytch's users.deleteCryptoWallet) after the confirm dialog; the last way to sign in
 * is not offered and says why, and a "Confirm it's you" refusal waits for the sign-in, as unlinking does.
 */
export function WalletsSection({ client, user }: { client: AppClient; user: UserView }) {
  const { busy, outcome, request, run } = useGuardedRemoval(STRINGS.account.walletRemoveFailed);
  const wallets = user.crypto_wallets ?? [];
  const remove = (id: string, address: string) =>
    run(id, () => client.user.deleteCryptoWallet(id), STRINGS.account.walletRemoved(address));

  return (
    <section aria-labelledby="account-wallets-heading" data-testid="account-wallets">
      <h2 id="account-wallets-heading">{STRINGS.account.walletsSection}</h2>
      {wallets.length === 0 ? (
        <p className="muted">{STRINGS.account.noWallets}</p>
      ) : (
        <ul className="plain-list item-list">
          {wallets.map((wallet) => (
            <li key={wallet.crypto_wallet_id}>
              <span className="wallet-address" dir="ltr">
                {wallet.crypto_wallet_address}
              </span>
              <span className="muted">{wallet.crypto_wallet_type}</span>
              <GuardedRemove
                ariaLabel={STRINGS.account.removeWallet(wallet.crypto_wallet_address)}
                title={STRINGS.account.confirmRemoveWalletTitle}
                description={STRINGS.account.confirmRemoveWallet(wallet.crypto_wallet_address)}
                confirmLabel={STRINGS.account.removeWalletConfirm}
                label={STRINGS.account.removeWalletConfirm}
                busyLabel={STRINGS.account.removingWallet}
                testId="account-remove-wallet"
                busy={busy === wallet.crypto_wallet_id}
                otherBusy={busy !== null}
                lastWay={isLastWayToSignIn(user, { kind: 'wallet', id: wallet.crypto_wallet_id })}
                onConfirm={() => remove(wallet.crypto_wallet_id, wallet.crypto_wallet_address)}
              />
            </li>
          ))}
        </ul>
      )}
      <OutcomeLine outcome={outcome} testId="account-wallets-outcome" />
      <ConfirmItsYou request={request} testId="account-wallets-reauthentication" />
    </section>
  );
}
