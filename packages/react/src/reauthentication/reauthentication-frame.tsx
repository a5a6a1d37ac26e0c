// Inside the widget (issue 20 item 3): while a change waits for "Confirm it's you", the step shows in place of the
// screen, and the screen stays mounted but hidden, so Cancel finds it exactly as it was (its list, its drafts, the
// control that asked for the change, which gets focus back).
import { type ReactNode, Suspense } from 'react';
import { ReauthenticationStepScreen } from './screens';
import type { ReauthenticationRequest } from './use-reauthentication';

export function ReauthenticationFrame({
  request,
  children,
}: {
  request: ReauthenticationRequest | null;
  children: ReactNode;
}) {
  return (
    <>
      {request !== null ? (
        <Suspense fallback={null}>
          <ReauthenticationStepScreen request={request} />
        </Suspense>
      ) : null}
      <div className="gh-contents" hidden={request !== null}>
        {children}
      </div>
    </>
  );
}
