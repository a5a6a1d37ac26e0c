// The sign-in widget on the sign-in page: @gatehouse/react's <Login> inside its provider. Login links come back
// to this app's /authenticate page (SPEC §1: the default product list is e-mail login links only).

import { GatehouseProvider, Login, type LoginConfig } from '@gatehouse/react';
import type { GatehouseClient } from '@gatehouse/sdk';

export interface SignInWidgetProps {
  client: GatehouseClient;
  /** The app's origin; login links land on `${origin}/authenticate`. */
  origin: string;
}

export function loginConfig(origin: string): LoginConfig {
  const authenticateUrl = `${origin}/authenticate`;
  return {
    products: ['emailMagicLinks'],
    emailMagicLinksOptions: { loginRedirectURL: authenticateUrl, signupRedirectURL: authenticateUrl },
  };
}

export function SignInWidget({ client, origin }: SignInWidgetProps) {
  return (
    <GatehouseProvider client={client}>
      <Login config={loginConfig(origin)} />
    </GatehouseProvider>
  );
}
