// Issue 20 item 3: the account page's "Confirm it's you" — the widget's step (<Reauthentication> of
// @gatehouse/react/reauthentication) with the account page's configuration, in the section whose change asked.
import { Reauthentication, type ReauthenticationRequest } from '@gatehouse/react/reauthentication';
import { ACCOUNT_CONFIG } from '../widget-config';

export function ConfirmItsYou({
  request,
  testId,
}: {
  request: ReauthenticationRequest | null;
  testId: string;
}) {
  if (request === null) return null;
  return (
    <div className="account-reauthentication" data-testid={testId}>
      <Reauthentication request={request} config={ACCOUNT_CONFIG} />
    </div>
  );
}
