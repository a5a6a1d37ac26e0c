// The slice of the @gatehouse/sdk client the step-up screen uses (issue 13 item 1): bootstrap (does the project
// require a second factor), the session and user (its factors, the user's authenticator apps), and the two TOTP
// calls that add a `totp` / `recovery_code` factor to the session (wire-format.md §4.8, SPEC §4 secondary calls).
import type { BootstrapData, Session, User } from '@gatehouse/sdk';

export interface StepUpTotps {
  authenticate(options: { totp_code: string; session_duration_minutes: number }): Promise<unknown>;
  recover(options: { recovery_code: string; session_duration_minutes: number }): Promise<unknown>;
}

export interface StepUpClient {
  bootstrap: { get(): Promise<BootstrapData>; getSync(): BootstrapData };
  session: {
    getSync(): Session | null;
    onChange(callback: (session: Session | null) => void): () => void;
    revoke(): Promise<unknown>;
  };
  user: {
    getSync(): User | null;
    onChange(callback: (user: User | null) => void): () => void;
  };
  totps: StepUpTotps;
}
