// Issue 26 item 2: an operator shows the passkey they hold with the session they have (webauthn.authenticate on the
// signed-in client): the second factor after a login link (second-factor-screen.tsx), and the "recent sign-in" that
// dangerous actions ask for (action-error.tsx), without signing out.
import { type ConsoleClient, SESSION_DURATION_MINUTES } from '../console-client';

export async function confirmWithPasskey(client: ConsoleClient): Promise<void> {
  await client.webauthn.authenticate({
    is_passkey: true,
    conditional_mediation: false,
    signal: new AbortController().signal,
    session_duration_minutes: SESSION_DURATION_MINUTES,
  });
}
