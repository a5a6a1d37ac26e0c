// For the web app's /authenticate page (issue 3, item 4; issue 11 item 4): reads `stytch_token_type` and `token`
// from the query and, for login links (`magic_links`) and social sign-in (`oauth`), authenticates with the
// configured session duration (SPEC §9 default 30). An expired or used token surfaces the server's error_message
// (SPEC §8), or the strings table's text for the types whose message is written for developers (errors.ts). A
// provider round trip that failed comes back with `error` (and maybe `error_description`) instead of a token
// (issue 11 item 1: "denied consent, a bad code or a provider that is down redirect back with an error the app
// shows"); that is reported without calling the server.
import { useEffect, useRef, useState } from 'react';
import type { LoginConfig } from './config';
import { sessionDurationMinutes } from './config';
import { loadErrorStrings } from './error-chunk';
import type { ErrorTexts } from './error-strings';
import { describeError } from './errors';
import { useGatehouse } from './provider';
import { resolveStrings, type Strings } from './strings';

export type AuthenticateFromUrlState =
  | { status: 'authenticating'; tokenType: string | null; error: null }
  | { status: 'success'; tokenType: string; error: null; data: unknown }
  | {
      status: 'error';
      tokenType: string | null;
      error: string;
      cause: unknown;
      /** The `error_description` the server appended to a failed OAuth redirect (plain text, length-capped). */
      detail?: string;
    };

/** An appended description is shown as text only, and never longer than this. */
const MAX_DETAIL_LENGTH = 300;

export interface UseAuthenticateFromUrlOptions {
  config?: LoginConfig;
  /** The query string to read; defaults to window.location.search. */
  search?: string;
  strings?: Partial<Strings>;
}

/** Token types this version handles (wire-format.md §9 lists magic_links, oauth, reset_password). */
const SUPPORTED_TOKEN_TYPES = ['magic_links', 'oauth'] as const;

export function useAuthenticateFromUrl(
  options: UseAuthenticateFromUrlOptions = {},
): AuthenticateFromUrlState {
  const client = useGatehouse();
  const search = options.search ?? (typeof window !== 'undefined' ? window.location.search : '');
  const params = new URLSearchParams(search);
  const tokenType = params.get('stytch_token_type');
  const token = params.get('token');
  const redirectError = params.get('error');
  const redirectErrorDescription = params.get('error_description');
  const [state, setState] = useState<AuthenticateFromUrlState>({
    status: 'authenticating',
    tokenType,
    error: null,
  });

  // One request per token, even under StrictMode's double effects: a login link works only once.
  const requestRef = useRef<{ key: string; result: Promise<AuthenticateFromUrlState> } | null>(null);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  useEffect(() => {
    const overrides = [optionsRef.current.config?.strings, optionsRef.current.strings];
    const strings = resolveStrings(...overrides);
    const key = `${tokenType ?? ''}\n${token ?? ''}\n${redirectError ?? ''}\n${redirectErrorDescription ?? ''}`;
    if (requestRef.current?.key !== key) {
      requestRef.current = {
        key,
        result: run({
          authenticate: (type, value, minutes) =>
            type === 'oauth'
              ? client.oauth.authenticate(value, { session_duration_minutes: minutes })
              : client.magicLinks.authenticate(value, { session_duration_minutes: minutes }),
          tokenType,
          token,
          redirectError,
          redirectErrorDescription,
          minutes: sessionDurationMinutes(optionsRef.current.config),
          strings,
          loadErrorStrings: () => loadErrorStrings(overrides),
        }),
      };
    }
    let active = true;
    requestRef.current.result.then((result) => {
      if (active) setState(result);
    });
    return () => {
      active = false;
    };
  }, [client, tokenType, token, redirectError, redirectErrorDescription]);

  return state;
}

async function run(options: {
  authenticate: (tokenType: string, token: string, minutes: number) => Promise<unknown>;
  tokenType: string | null;
  token: string | null;
  redirectError: string | null;
  redirectErrorDescription: string | null;
  minutes: number;
  strings: Strings;
  /** The error texts' lazy chunk (error-chunk.ts), started with the call so a failure shows them without a wait. */
  loadErrorStrings: () => Promise<ErrorTexts | null>;
}): Promise<AuthenticateFromUrlState> {
  const { tokenType, token, strings } = options;
  if (options.redirectError !== null && options.redirectError !== '') {
    const description = options.redirectErrorDescription?.trim() ?? '';
    return {
      status: 'error',
      tokenType,
      error: options.redirectError === 'access_denied' ? strings.oauthAccessDenied : strings.oauthFailed,
      cause: { error: options.redirectError, error_description: options.redirectErrorDescription },
      ...(description !== ''
        ? {
            detail:
              description.length > MAX_DETAIL_LENGTH
                ? `${description.slice(0, MAX_DETAIL_LENGTH)}…`
                : description,
          }
        : {}),
    };
  }
  if (token === null || token === '') {
    return { status: 'error', tokenType, error: strings.missingToken, cause: null };
  }
  if (tokenType === null || !(SUPPORTED_TOKEN_TYPES as readonly string[]).includes(tokenType)) {
    return { status: 'error', tokenType, error: strings.unsupportedTokenType, cause: null };
  }
  const errorStrings = options.loadErrorStrings();
  try {
    const data = await options.authenticate(tokenType, token, options.minutes);
    return { status: 'success', tokenType, error: null, data };
  } catch (error) {
    return {
      status: 'error',
      tokenType,
      error: describeError(error, strings.genericError, { ...strings, ...(await errorStrings) }).message,
      cause: error,
    };
  }
}
