// Whether the signed-in session still waits for its second factor (issue 13 item 1), re-evaluated whenever the
// session, the user or bootstrap changes. The decision itself is @gatehouse/sdk's pure needsSecondFactor.
import { needsSecondFactor } from '@gatehouse/sdk';
import { useEffect, useState } from 'react';
import type { StepUpClient } from './step-up-client';

/**
 * 'needed': show the step-up screen; 'pending': a user with an authenticator app is signed in but bootstrap (which
 * says whether the project requires a second factor) has not answered yet, so neither the page nor the step-up is
 * shown; 'not-needed': the page as usual.
 */
export type SecondFactorState = 'needed' | 'pending' | 'not-needed';

export function useSecondFactorState(client: StepUpClient): SecondFactorState {
  const [session, setSession] = useState(() => client.session.getSync());
  const [user, setUser] = useState(() => client.user.getSync());
  const [bootstrap, setBootstrap] = useState(() => client.bootstrap.getSync());
  const [bootstrapLoaded, setBootstrapLoaded] = useState(false);

  useEffect(() => {
    setSession(client.session.getSync());
    setUser(client.user.getSync());
    const offSession = client.session.onChange(() => setSession(client.session.getSync()));
    const offUser = client.user.onChange(() => setUser(client.user.getSync()));
    let live = true;
    // Resolves once bootstrap settled (the SDK never rejects it; defaults when the fetch failed, SPEC §7).
    void client.bootstrap.get().then((value) => {
      if (!live) return;
      setBootstrap(value);
      setBootstrapLoaded(true);
    });
    return () => {
      live = false;
      offSession();
      offUser();
    };
  }, [client]);

  if (needsSecondFactor(session, user, bootstrap)) return 'needed';
  // Until bootstrap answers, a cached or default "not required" must not let a user with an app through.
  const couldNeed = needsSecondFactor(session, user, { secondFactorRequired: true });
  return couldNeed && !bootstrapLoaded ? 'pending' : 'not-needed';
}
