// The structural slice of the SDK client the widget uses. The public API accepts the SDK's `GatehouseClient`
// (it is assignable to this interface); component tests pass a small fake that records calls.
import type { BootstrapData, Session, User } from '@gatehouse/protocol';

/** wire-format.md §4.4 / §7.2: the magic-link options the widget maps from `emailMagicLinksOptions`. */
export interface MagicLinkLoginOrCreateOptions {
  login_magic_link_url?: string;
  signup_magic_link_url?: string;
  login_expiration_minutes?: number;
  signup_expiration_minutes?: number;
  login_template_id?: string;
  signup_template_id?: string;
}

export interface MagicLinkAuthenticateOptions {
  session_duration_minutes: number;
}

export interface WidgetClient {
  readonly publicToken: string;
  bootstrap: {
    get(): Promise<BootstrapData>;
    getSync(): BootstrapData;
  };
  session: {
    getSync(): Session | null;
    onChange(callback: (session: Session | null) => void): () => void;
    revoke(): Promise<unknown>;
  };
  user: {
    getSync(): User | null;
    get(): Promise<User>;
    onChange(callback: (user: User | null) => void): () => void;
  };
  magicLinks: {
    email: {
      loginOrCreate(email: string, options: MagicLinkLoginOrCreateOptions): Promise<unknown>;
    };
    authenticate(token: string, options: MagicLinkAuthenticateOptions): Promise<unknown>;
  };
  telemetry: {
    logEvent(name: string, details: Record<string, unknown>): unknown;
  };
}
