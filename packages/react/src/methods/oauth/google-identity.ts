// Google Identity Services (the "GSI" script behind One Tap), loaded on demand by the One Tap component. The script
// URL comes from the server's onetap/start answer when it sends one (tests serve a stand-in on loopback), else
// Google's own (wire-format.md §1.1 "Google One Tap script"). Only the slice of the GSI API One Tap uses is typed.

export const GOOGLE_SCRIPT_URL = 'https://accounts.google.com/gsi/client';

export interface PromptNotification {
  isDisplayMoment?(): boolean;
  isDisplayed?(): boolean;
  isNotDisplayed?(): boolean;
  getNotDisplayedReason?(): string;
  isSkippedMoment?(): boolean;
  getSkippedReason?(): string;
  isDismissedMoment?(): boolean;
  getDismissedReason?(): string;
}

export interface GoogleIdConfiguration {
  client_id: string;
  callback: (response: { credential?: string }) => void;
  nonce?: string;
  /** Renders the prompt inside this element (embedded One Tap) instead of floating over the page. */
  prompt_parent_id?: string;
  cancel_on_tap_outside?: boolean;
  context?: 'signin' | 'signup' | 'use';
  itp_support?: boolean;
  auto_select?: boolean;
}

export interface GoogleAccountsId {
  initialize(configuration: GoogleIdConfiguration): void;
  prompt(listener?: (notification: PromptNotification) => void): void;
  cancel?(): void;
}

type GoogleWindow = { google?: { accounts?: { id?: GoogleAccountsId } } };

const loads = new Map<string, Promise<GoogleAccountsId>>();

/**
 * Resolves `google.accounts.id`: at once when the page already has it, else after the script at `url` loaded.
 * Rejects when the script fails to load or defines no `google.accounts.id`; a failed load is forgotten, so a later
 * mount tries again.
 */
export function loadGoogleIdentity(url: string, doc: Document = document): Promise<GoogleAccountsId> {
  const view = doc.defaultView as (Window & GoogleWindow) | null;
  const present = view?.google?.accounts?.id;
  if (present) return Promise.resolve(present);
  let load = loads.get(url);
  if (load === undefined) {
    load = new Promise<GoogleAccountsId>((resolve, reject) => {
      const script = doc.createElement('script');
      script.src = url;
      script.async = true;
      script.addEventListener('load', () => {
        const id = (doc.defaultView as (Window & GoogleWindow) | null)?.google?.accounts?.id;
        if (id) resolve(id);
        else reject(new Error(`The script at ${url} did not define google.accounts.id.`));
      });
      script.addEventListener('error', () => {
        script.remove();
        reject(new Error(`The Google One Tap script at ${url} failed to load.`));
      });
      doc.head.append(script);
    });
    loads.set(url, load);
    load.catch(() => loads.delete(url));
  }
  return load;
}
