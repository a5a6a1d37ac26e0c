// Issue 26 item 2: what a refused action says. 403 reauthentication_required (a dangerous action needs a recent
// sign-in): ask the operator to sign in again, with the button that does it. 403 insufficient_scope (the role
// cannot, though the control was shown): say so plainly. Anything else: the server's message.
import { AdminApiError, ERROR_TYPES } from '../admin-api';
import { useOperator } from '../console-context';
import { STRINGS } from '../strings';
import { describeAdminError } from './states';

export function ActionError({ error }: { error: unknown }) {
  const { signOut } = useOperator();
  if (error instanceof AdminApiError && error.errorType === ERROR_TYPES.reauthenticationRequired) {
    return (
      <div role="alert" className="notice notice-warning" data-state="reauthenticate">
        <p className="state-title">{STRINGS.reauthenticate.heading}</p>
        <p>{STRINGS.reauthenticate.body}</p>
        <button type="button" className="button button-primary button-small" onClick={() => void signOut()}>
          {STRINGS.reauthenticate.signOut}
        </button>
      </div>
    );
  }
  const refused = error instanceof AdminApiError && error.errorType === ERROR_TYPES.insufficientScope;
  return (
    <p role="alert" className="notice notice-error" data-state={refused ? 'refused' : 'error'}>
      {refused ? STRINGS.user.notAllowed : describeAdminError(error)}
    </p>
  );
}
