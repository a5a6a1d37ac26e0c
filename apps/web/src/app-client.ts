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
  /** Linked social sign-in accounts (wire-format.md §4.1 User.providers). */
  providers: ReadonlyArray<{
    oauth_user_registration_id: string;
    provider_type: string;
    provider_subject: string;
  }>;
}

export interface AppClient {
  session: {
    getSync(): SessionView | null;
    onChange(callback: (session: SessionView | null) => void): () => void;
    revoke(): Promise<unknown>;
  };
  user: {
    getSync(): UserView | null;
    get(): Promise<UserView | null>;
    onChange(callback: (user: UserView | null) => void): () => void;
    /** DELETE /users/oauth/{id}: unlinks a social account; the SDK stores the user the server answers. */
    deleteOAuthRegistration(oauthUserRegistrationId: string): Promise<unknown>;
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
