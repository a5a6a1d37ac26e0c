// The issue 20 security settings of a project (project file `settings`), with their defaults applied in one place.
// Stored projects that predate a setting carry no value for it; readers never see undefined.
import type { ProjectSettings } from './db/schema';

/** SS-08: a recent sign-in is one within this many minutes (Kratos' privileged session is 60, Better Auth's a day). */
export const DEFAULT_REAUTHENTICATION_WINDOW_MINUTES = 10;
/** BF-09 / NIST 800-63B §5.2.2: at most 100 consecutive failures on one authenticator. */
export const DEFAULT_MAX_CONSECUTIVE_FAILURES = 100;
/** Login and reset links never live longer than this unless the project says so (SPEC §9 keeps 30 as the default). */
export const DEFAULT_MAX_LINK_EXPIRATION_MINUTES = 60;

export interface SecuritySettings {
  reauthenticationWindowMinutes: number;
  maxConsecutiveFailures: number;
  maxLinkExpirationMinutes: number;
}

export function securitySettings(settings: ProjectSettings): SecuritySettings {
  return {
    reauthenticationWindowMinutes:
      settings.reauthentication_window_minutes ?? DEFAULT_REAUTHENTICATION_WINDOW_MINUTES,
    maxConsecutiveFailures: settings.max_consecutive_failures ?? DEFAULT_MAX_CONSECUTIVE_FAILURES,
    maxLinkExpirationMinutes: settings.max_link_expiration_minutes ?? DEFAULT_MAX_LINK_EXPIRATION_MINUTES,
  };
}
