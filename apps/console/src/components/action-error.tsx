// Issue 26 item 2: what a refused action says. 403 reauthentication_required (a dangerous action needs a recent
// sign-in): the operator confirms with their passkey right here (the session's sign-in is recent again) and the
// action is repeated (`onRetry`) — or, without a passkey at hand, signs out and in again. 403 insufficient_scope (the role
// cannot, though the control was shown): say so plainly. Anything else: the server's message.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminApiError, ERROR_TYPES } from '../admin-api';
import { useOperator, useServices } from '../console-context';
import { STRINGS } from '../strings';
import { confirmWithPasskey } from './passkey-confirmation';
import { describeAdminError } from './states';

export function ActionError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  if (error instanceof AdminApiError && error.errorType === ERROR_TYPES.reauthenticationRequired) {
    return <Reauthenticate onRetry={onRetry} />;
  }
  const refused = error instanceof AdminApiError && error.errorType === ERROR_TYPES.insufficientScope;
  return (
    <p role="alert" className="notice notice-error" data-state={refused ? 'refused' : 'error'}>
      {refused ? STRINGS.user.notAllowed : describeAdminError(error)}
    </p>
  );
}

function Reauthenticate({ onRetry }: { onRetry?: (() => void) | undefined }) {
  const { signOut } = useOperator();
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'working' | 'failed' | 'confirmed'>('idle');
  const confirm = async () => {
    if (state === 'working') return;
    setState('working');
    try {
      await confirmWithPasskey(client);
    } catch {
      setState('failed');
      return;
    }
    // GET /me says until when the sign-in is recent.
    await queryClient.invalidateQueries({ queryKey: ['me'] });
    setState('confirmed');
    onRetry?.();
  };
  const text = STRINGS.reauthenticate;
  if (state === 'confirmed') {
    return (
      <p role="status" className="notice notice-success" data-state="reauthenticated">
        {onRetry === undefined ? text.confirmedRepeat : text.confirmed}
      </p>
    );
  }
  return (
    <div role="alert" className="notice notice-warning" data-state="reauthenticate">
      <p className="state-title">{text.heading}</p>
      <p>{text.body}</p>
      <div className="button-row">
        <button
          type="button"
          className="button button-primary button-small"
          aria-disabled={state === 'working' ? true : undefined}
          onClick={() => void confirm()}
        >
          {state === 'working' ? text.working : text.usePasskey}
        </button>
        <button type="button" className="button button-secondary button-small" onClick={() => void signOut()}>
          {text.signOut}
        </button>
      </div>
      {state === 'failed' ? <p className="error">{text.failed}</p> : null}
    </div>
  );
}
