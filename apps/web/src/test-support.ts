// A fake AppClient for page tests: state is set by the test and change listeners fire like the SDK's.
import type { AppClient, SessionView, UserView } from './app-client';

export interface FakeClient extends AppClient {
  setSession(session: SessionView | null): void;
  setUser(user: UserView | null): void;
  revokeCalls: number;
  /** When set, revoke() rejects with it (and keeps the session, as the SDK does without force). */
  revokeError: Error | null;
}

export function createFakeClient(
  initial: { session?: SessionView | null; user?: UserView | null } = {},
): FakeClient {
  let session = initial.session ?? null;
  let user = initial.user ?? null;
  const sessionListeners = new Set<(value: SessionView | null) => void>();
  const userListeners = new Set<(value: UserView | null) => void>();

  const fake: FakeClient = {
    revokeCalls: 0,
    revokeError: null,
    setSession(value) {
      session = value;
      for (const listener of sessionListeners) listener(value);
    },
    setUser(value) {
      user = value;
      for (const listener of userListeners) listener(value);
    },
    session: {
      getSync: () => session,
      onChange(callback) {
        sessionListeners.add(callback);
        return () => sessionListeners.delete(callback);
      },
      async revoke() {
        fake.revokeCalls += 1;
        if (fake.revokeError) throw fake.revokeError;
        fake.setSession(null);
        fake.setUser(null);
        return {};
      },
    },
    user: {
      getSync: () => user,
      get: async () => user,
      onChange(callback) {
        userListeners.add(callback);
        return () => userListeners.delete(callback);
      },
    },
  };
  return fake;
}

export const SAMPLE_USER: UserView = {
  user_id: 'user-test-1b0c4f3e-8c1e-4d7e-9d59-2b3f0a1c2d3e',
  emails: [{ email_id: 'email-test-1', email: 'ada@example.com', verified: true }],
};

export const SAMPLE_SESSION: SessionView = {
  session_id: 'session-test-9f2d1c7a-1111-4a2b-9c3d-4e5f6a7b8c9d',
  started_at: '2025-01-02T03:04:05Z',
  expires_at: '2025-01-02T03:34:05Z',
};
