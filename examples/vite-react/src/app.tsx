import { Login, type LoginConfig, useAuthenticateFromUrl, useGatehouse, useUser } from '@gatehouse/react';
import { useEffect } from 'react';

// Login links land on /authenticate; the page redeems the token and shows who signed in.
const config: LoginConfig = {
  products: ['emailMagicLinks'],
  emailMagicLinksOptions: {
    loginRedirectURL: `${window.location.origin}/authenticate`,
    signupRedirectURL: `${window.location.origin}/authenticate`,
  },
};

export function App() {
  const user = useUser();
  useEffect(() => {
    // Signed in on a login link's landing page: leave it (the link works once, and its token is in the address).
    if (user !== null && window.location.pathname === '/authenticate')
      window.history.replaceState(null, '', '/');
  }, [user]);
  return (
    <main>
      <h1>Gatehouse in a Vite + React 18 app</h1>
      {user !== null ? (
        <SignedIn email={user.emails[0]?.email ?? user.user_id} />
      ) : window.location.pathname === '/authenticate' ? (
        <Authenticate />
      ) : (
        <Login config={config} />
      )}
    </main>
  );
}

function Authenticate() {
  const state = useAuthenticateFromUrl({ config });
  if (state.status === 'error') return <p role="alert">{state.error}</p>;
  return <p role="status">Signing you in…</p>;
}

function SignedIn({ email }: { email: string }) {
  const client = useGatehouse();
  return (
    <section>
      <p data-testid="signed-in">Signed in as {email}</p>
      <button type="button" onClick={() => client.session.revoke()}>
        Sign out
      </button>
    </section>
  );
}
