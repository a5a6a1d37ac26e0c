// Issue 11 item 4 (moved here by issue 13 item 3): the linked social accounts, as they arrive on the user.
import { isReauthenticationCancelled, useReauthentication } from '@gatehouse/react/reauthentication';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { AppClient, UserView } from '../app-client';
import { STRINGS } from '../strings';
import { invalidateAccount, reasonOf } from './account-data';
import { ConfirmItsYou } from './confirm-its-you';

/**
 * Issue 11 item 4: the linked social accounts, each with an unlink button (DELETE /users/oauth/{id}). The server
 * refuses to unlink the user's last way to sign in; its error_message is shown as it came. On success the SDK
 * stores the user the server answers, so the row disappears through the user state. Issue 20 item 3: an unlink
 * answered `reauthentication_required` / `second_factor_required` waits for "Confirm it's you", then runs again.
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
        <ul className="plain-list" data-testid="account-providers">
          {user.providers.map((provider) => (
            <li key={provider.oauth_user_registration_id} data-provider={provider.provider_type}>
              {name(provider.provider_type)} <span className="muted">({provider.provider_subject})</span>{' '}
              <button
                type="button"
                className="button"
                aria-label={STRINGS.account.unlinkProvider(name(provider.provider_type))}
                disabled={busy !== null}
                onClick={() => unlink(provider.oauth_user_registration_id, provider.provider_type)}
              >
                {busy === provider.oauth_user_registration_id
                  ? STRINGS.account.unlinking
                  : STRINGS.account.unlink}
              </button>
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
