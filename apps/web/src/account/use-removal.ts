// One removal at a time per section (DELETE /users/{kind}/{id}, wire-format.md §4.2): success is a toast and an
// invalidation; a refusal (409 last_authentication_factor: the last way to sign in) shows the server's message
// inline, where the person is looking, and the row stays. Issue 20 item 3: a removal answered
// `reauthentication_required` or `second_factor_required` waits for "Confirm it's you" (the section renders
// <ConfirmItsYou request={reauthentication} />) and runs again once confirmed; Cancel leaves everything as it was,
// with no message.
import { isReauthenticationCancelled, useReauthentication } from '@gatehouse/react/reauthentication';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STRINGS } from '../strings';
import { invalidateAccount, reasonOf } from './account-data';
import { useToast } from './toasts';

export function useRemoval() {
  const queryClient = useQueryClient();
  const notify = useToast();
  const { request, guard } = useReauthentication();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (id: string, label: string, run: () => Promise<unknown>) => {
    setBusy(id);
    setError(null);
    try {
      await guard(run);
      notify(STRINGS.account.removed(label));
      await invalidateAccount(queryClient);
    } catch (failure) {
      if (!isReauthenticationCancelled(failure)) setError(reasonOf(failure, STRINGS.account.removeFailed));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, remove, reauthentication: request };
}
