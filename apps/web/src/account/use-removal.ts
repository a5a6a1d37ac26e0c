// One removal at a time per section (DELETE /users/{kind}/{id}, wire-format.md §4.2): success is a toast and an
// invalidation; a refusal (409 last_authentication_factor: the last way to sign in) shows the server's message
// inline, where the person is looking, and the row stays.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { STRINGS } from '../strings';
import { invalidateAccount, reasonOf } from './account-data';
import { useToast } from './toasts';

export function useRemoval() {
  const queryClient = useQueryClient();
  const notify = useToast();
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remove = async (id: string, label: string, run: () => Promise<unknown>) => {
    setBusy(id);
    setError(null);
    try {
      await run();
      notify(STRINGS.account.removed(label));
      await invalidateAccount(queryClient);
    } catch (failure) {
      setError(reasonOf(failure, STRINGS.account.removeFailed));
    } finally {
      setBusy(null);
    }
  };
  return { busy, error, remove };
}
