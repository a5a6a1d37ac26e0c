// The account page (issue 13 item 3: "an account page people can live in"). Who is signed in, their e-mail
// addresses and phone numbers, passkeys (the widget's registration mode, SPEC §2 PasskeyRegistrationStart /
// PasskeyRegistrationSuccess, issue 4 item 4), the authenticator app, linked social accounts (issue 11 item 4) and
// the active sessions. Every read goes through TanStack Query with SPEC §9's data-cache constants
// (account/query-client.ts) and every change invalidates them; confirmations are the app's own toasts, which
// auto-close after 5000 ms (SPEC §9, account/toasts.tsx). App renders every page inside <GatehouseProvider>.
// Issue 20 item 3: adding a passkey, an authenticator app, an e-mail address or a phone number, and removing a
// passkey, the authenticator app or the last verified address, ask "Confirm it's you" when the sign-in is not recent
// (ACCOUNT_CONFIG says which ways the step may offer), then run again.
// Issue 22: the page no longer opens with the user id and the session id: they mean nothing to the person, and
// support finds a user by e-mail address. This device's sign-in time is in the sessions list.
// Issue 22 Deliver 2: redesigned as Clerk's <UserProfile/> / Auth0's account page: headed sections (h2), profile
// first, then e-mails and phones, passkeys (the page's own list, account/passkeys-section.tsx, no longer the widget's
// registration screens: finding 3), two-step sign-in, linked accounts and wallets, sessions. Every destructive
// change asks in account/confirm-dialog.tsx (finding 5).
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { useAccountUser } from '../account/account-data';
import { ContactSection } from '../account/contact-section';
import { PasskeysSection } from '../account/passkeys-section';
import { ProfileSection } from '../account/profile-section';
import { ProvidersSection, WalletsSection } from '../account/providers-section';
import { createAccountQueryClient } from '../account/query-client';
import { SessionsSection } from '../account/sessions-section';
import { AppToasts } from '../account/toasts';
import { TotpSection } from '../account/totp-section';
import '../account/account.css';
import type { AppClient } from '../app-client';
import { Link } from '../router';
import { STRINGS } from '../strings';
import { useSession } from '../use-client-state';
import { useDocumentTitle } from '../use-document-title';

export interface AccountPageProps {
  client: AppClient;
}

function SignedIn({ client }: { client: AppClient }) {
  const user = useAccountUser(client).data ?? null;
  if (!user) {
    return (
      <>
        <p aria-live="polite">{STRINGS.account.loading}</p>
        <SessionsSection client={client} />
      </>
    );
  }
  return (
    <>
      <ProfileSection user={user} />
      <ContactSection client={client} user={user} />
      <PasskeysSection client={client} user={user} />
      <TotpSection client={client} user={user} />
      <ProvidersSection client={client} user={user} />
      <WalletsSection client={client} user={user} />
      <SessionsSection client={client} />
    </>
  );
}

export function AccountPage({ client }: AccountPageProps) {
  useDocumentTitle(STRINGS.documentTitle.account);
  const session = useSession(client);
  // One cache per page visit: gcTime keeps a section's data while it is hidden and shown again.
  const [queryClient] = useState(createAccountQueryClient);

  if (!session) {
    return (
      <section className="card" aria-labelledby="page-heading">
        <h1 id="page-heading">{STRINGS.account.heading}</h1>
        <p>{STRINGS.account.signedOut}</p>
        <p>
          <Link to="/" className="button">
            {STRINGS.account.backToSignIn}
          </Link>
        </p>
      </section>
    );
  }

  return (
    <QueryClientProvider client={queryClient}>
      <AppToasts>
        <section className="card account" aria-labelledby="page-heading">
          <h1 id="page-heading">{STRINGS.account.heading}</h1>
          <SignedIn client={client} />
        </section>
      </AppToasts>
    </QueryClientProvider>
  );
}
