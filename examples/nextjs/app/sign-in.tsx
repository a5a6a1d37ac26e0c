'use client';
import { Login, useGatehouse, useUser } from '@gatehouse/react';
import { useEffect, useState } from 'react';
import { redirectUrl } from './gatehouse';

export function SignIn() {
  const user = useUser();
  if (user === null) {
    return (
      <Login
        config={{
          products: ['emailMagicLinks'],
          emailMagicLinksOptions: { loginRedirectURL: redirectUrl(), signupRedirectURL: redirectUrl() },
        }}
      />
    );
  }
  return <SignedIn email={user.emails[0]?.email ?? user.user_id} />;
}

/** What app/api/session/route.ts answers for a valid session. */
interface VerifiedSession {
  user_id: string;
}

function SignedIn({ email }: { email: string }) {
  const client = useGatehouse();
  const [verified, setVerified] = useState<VerifiedSession | string | null>(null);
  useEffect(() => {
    // The route handler reads the session JWT cookie the SDK set and verifies it against Gatehouse's keys.
    fetch('/api/session')
      .then(async (response) => setVerified(response.ok ? await response.json() : `HTTP ${response.status}`))
      .catch(() => setVerified('unreachable'));
  }, []);
  return (
    <section>
      <p data-testid="signed-in">Signed in as {email}</p>
      {verified === null ? (
        <p role="status">Checking the session on the server…</p>
      ) : typeof verified === 'string' ? (
        <p role="alert">The server did not accept the session ({verified}).</p>
      ) : (
        <p data-testid="server-verified">Verified on the server: user {verified.user_id}</p>
      )}
      <button type="button" onClick={() => client.session.revoke()}>
        Sign out
      </button>
    </section>
  );
}
