// The slice of the @gatehouse/sdk client the application frame uses. Pages depend on this interface, not on
// the concrete client, so tests drive them with a small fake and the SDK can grow without touching them.

/** What the account page shows of a session (a subset of the wire Session, wire-format.md §4.1). */
export interface SessionView {
  session_id: string;
  started_at: string;
  expires_at: string;
}

/** What the app shows of a user (a subset of the wire User). */
export interface UserView {
  user_id: string;
  emails: ReadonlyArray<{ email_id: string; email: string; verified: boolean }>;
  /** Issue 13 item 3: the account page lists and removes phone numbers and authenticator apps. */
  phone_numbers: ReadonlyArray<{ phone_id: string; phone_number: string; verified: boolean }>;
  totps: ReadonlyArray<{ totp_id: string; verified: boolean }>;
  /** Linked social sign-in accounts (wire-format.md §4.1 User.providers). */
  providers: ReadonlyArray<{
    oauth_user_registration_id: string;
    provider_type: string;
    provider_subject: string;
  }>;
  /**
   * Issue 22 Deliver 2 (the redesigned account page): the profile (name, member since), passkeys, wallets and
   * whether a usable password exists (the last way to sign in is shown before a removal is tried).
   */
  created_at?: string;
  name?: { first_name: string; middle_name: string; last_name: string };
  webauthn_registrations?: ReadonlyArray<{
    webauthn_registration_id: string;
    name: string;
    verified: boolean;
    /** Gatehouse's additions (not in Stytch's shape): when it was added and last signed in with. */
    created_at?: string;
    last_used_at?: string | null;
  }>;
  crypto_wallets?: ReadonlyArray<{
    crypto_wallet_id: string;
    crypto_wallet_address: string;
    crypto_wallet_type: string;
    verified: boolean;
  }>;
  password?: { password_id: string; requires_reset: boolean } | null;
}

/** A live session of the user as GET /sessions/list answers it (issue 13 item 3). */
export interface ListedSessionView extends SessionView {
  last_accessed_at: string;
  attributes: { ip_address: string; user_agent: string };
  /**
   * Issue 22: "Chrome on Linux", named by the server from the User-Agent (@gatehouse/protocol ListedSession); null
   * or absent when it recognised nothing. The raw User-Agent is never shown.
   */
  device_name?: string | null;
}

export interface AppClient {
  session: {
    getSync(): SessionView | null;
    onChange(callback: (session: SessionView | null) => void): () => void;
    revoke(): Promise<unknown>;
    /** GET /sessions/list (Gatehouse's own call, issue 13 item 3). */
    list(): Promise<{ sessions: ListedSessionView[]; current_session_id: string }>;
    /** POST /sessions/revoke_others: "Sign out everywhere else". */
    revokeOthers(): Promise<{ revoked_count: number }>;
    /** POST /sessions/revoke_one (issue 22): "Sign out" on one other session. */
    revokeOne(options: { session_id: string }): Promise<unknown>;
  };
  user: {
    getSync(): UserView | null;
    get(): Promise<UserView | null>;
    onChange(callback: (user: UserView | null) => void): () => void;
    /** DELETE /users/oauth/{id}: unlinks a social account; the SDK stores the user the server answers. */
    deleteOAuthRegistration(oauthUserRegistrationId: string): Promise<unknown>;
    /** DELETE /users/crypto_wallets/{id} (issue 22): removes a wallet; the SDK stores the user the server answers. */
    deleteCryptoWallet(cryptoWalletId: string): Promise<unknown>;
    /** DELETE /users/emails|phone_numbers|totps/{id} (wire-format.md §4.2); the SDK stores the answered user. */
    deleteEmail(emailId: string): Promise<unknown>;
    deletePhoneNumber(phoneId: string): Promise<unknown>;
    deleteTOTP(totpId: string): Promise<unknown>;
    /** DELETE /users/webauthn_registrations/{id} (issue 22: the account page's own passkey list). */
    deleteWebauthnRegistration(webauthnRegistrationId: string): Promise<unknown>;
  };
  /** wire-format.md §4.9: adding a passkey (register start + finish) and renaming one. */
  webauthn: {
    register(options: { is_passkey: boolean; session_duration_minutes?: number }): Promise<unknown>;
    update(options: { webauthn_registration_id: string; name: string }): Promise<unknown>;
  };
  /** wire-format.md §4.5: with a session held, send() goes to /send/secondary and adds the destination. */
  otps: {
    email: { send(email: string, options?: { expiration_minutes?: number }): Promise<{ method_id: string }> };
    sms: {
      send(phoneNumber: string, options?: { expiration_minutes?: number }): Promise<{ method_id: string }>;
    };
    authenticate(
      code: string,
      methodId: string,
      options: { session_duration_minutes: number },
    ): Promise<unknown>;
  };
  /** wire-format.md §4.4: a login link sent secondary (the link adds the e-mail when opened). */
  magicLinks: {
    email: {
      send(
        email: string,
        options?: { login_magic_link_url?: string; signup_magic_link_url?: string },
      ): Promise<unknown>;
    };
  };
  /** wire-format.md §4.8: the authenticator app (issue 13 item 1). */
  totps: {
    create(options: { expiration_minutes: number }): Promise<{
      totp_id: string;
      secret: string;
      qr_code: string;
      recovery_codes: string[];
    }>;
    authenticate(options: { totp_code: string; session_duration_minutes: number }): Promise<unknown>;
    recoveryCodes(): Promise<{
      totps: ReadonlyArray<{ totp_id: string; verified: boolean; recovery_codes_remaining?: number }>;
    }>;
  };
}

/** The public token the server injected into index.html, or null when the page was not served by it. */
export function readPublicToken(doc: Document): string | null {
  const content =
    doc.querySelector('meta[name="gatehouse-public-token"]')?.getAttribute('content')?.trim() ?? '';
  // The literal placeholder survives when the built page is opened without the server (or from `vite`).
  if (content === '' || content.includes('%')) return null;
  return content;
}
