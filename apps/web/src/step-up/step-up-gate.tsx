// Issue 13 item 1: while the session waits for its required second factor the app does not treat the person as
// signed in: the sign-in page and the account page show the step-up screen instead (the login-link landing page
// goes on to /account, where this gate catches it). Other pages (password reset, not found) render as usual.
import type { ReactNode } from 'react';
import type { RouteName } from '../router';
import { STRINGS } from '../strings';
import type { StepUpClient } from './step-up-client';
import { StepUpScreen } from './step-up-screen';
import { useSecondFactorState } from './use-second-factor-state';

/** Routes that count the person as signed in, so a session without its second factor must not reach them. */
export const STEP_UP_ROUTES: readonly RouteName[] = ['sign-in', 'account'];

export interface StepUpGateProps {
  client: StepUpClient;
  route: RouteName;
  children: ReactNode;
}

export function StepUpGate({ client, route, children }: StepUpGateProps) {
  const state = useSecondFactorState(client);
  if (!STEP_UP_ROUTES.includes(route) || state === 'not-needed') return children;
  if (state === 'pending') {
    return (
      <p role="status" className="logging-in" data-testid="step-up-pending">
        <span className="spinner" aria-hidden="true" />
        {STRINGS.stepUp.checking}
      </p>
    );
  }
  return <StepUpScreen client={client} />;
}
