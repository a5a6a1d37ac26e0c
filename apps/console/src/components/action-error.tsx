// Issue 26 item 2: what a refused action says. 403 reauthentication_required (a dangerous action needs a recent
// sign-in): the operator confirms right here with what they hold (GET /me second_factor.kinds) — their passkey, or a
// code from their authenticator app (a sign-in with a credential they held: the session's sign-in is recent again) —
// and the action is repeated (`onRetry`); or, with neither at hand, signs out and in again. 403 insufficient_scope (the role
// cannot, though the control was shown): say so plainly. Anything else: the server's message.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { AdminApiError, ERROR_TYPES } from '../admin-api';
import { useOperator, useServices } from '../console-context';
import { STRINGS } from '../strings';
import { AuthenticatorCodeForm } from './authenticator-code';
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
  const { signOut, me } = useOperator();
  const { client } = useServices();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'working' | 'failed' | 'confirmed'>('idle');
  // What the operator holds; a passkey when the server names nothing (as before kinds existed).
  const kinds = me.second_factor?.kinds ?? [];
  const holdsApp = kinds.includes('totp');
  const holdsPasskey = kinds.includes('webauthn') || !holdsApp;
  const confirmed = async () => {
    // GET /me says until when the sign-in is recent.
    await queryClient.invalidateQueries({ queryKey: ['me'] });
    setState('confirmed');
    onRetry?.();
  };
  const confirm = async () => {
    if (state === 'working') return;
    setState('working');
    try {
      await confirmWithPasskey(client);
    } catch {
      setState('failed');
      return;
    }
    await confirmed();
  };
  const text = STRINGS.reauthenticate;
  const body = holdsPasskey && holdsApp ? text.bodyBoth : holdsApp ? text.bodyApp : text.body;
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
      <p>{body}</p>
      <div className="button-row">
        {holdsPasskey ? (
          <button
            type="button"
            className="button button-primary button-small"
            aria-disabled={state === 'working' ? true : undefined}
            onClick={() => void confirm()}
          >
            {state === 'working' ? text.working : text.usePasskey}
          </button>
        ) : null}
        <button type="button" className="button button-secondary button-small" onClick={() => void signOut()}>
          {text.signOut}
        </button>
      </div>
      {state === 'failed' ? <p className="error">{text.failed}</p> : null}
      {holdsApp ? (
        <AuthenticatorCodeForm label={STRINGS.totp.enterCode} onConfirmed={() => void confirmed()} />
      ) : null}
    </div>
  );
}
