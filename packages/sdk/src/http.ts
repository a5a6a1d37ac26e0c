// wire-format.md §2 (request headers) and §3 (response envelope and error decision order).
import { type CaptchaChallenge, SDK_API_PREFIX } from '@gatehouse/protocol';
import type { BrowserDependencies } from './browser';
import { base64FromText } from './encoding';
import {
  APIError,
  type APIErrorFields,
  CaptchaRequiredError,
  loadKnownErrorTypes,
  RetriableError,
  SchemaError,
  SDKAPIUnreachableError,
} from './errors';
import { PATHS } from './paths';

/**
 * Issue 9 item 3: turns a captcha challenge (ALTCHA v2, from POST /captcha/challenge) into the `captcha_token` of
 * the retried call. The SDK ships none (it stays framework-free and small): the page injects one, e.g. the web
 * app's worker-based ALTCHA solver, loaded only when bootstrap says the captcha is on.
 */
export type CaptchaSolver = (challenge: CaptchaChallenge) => Promise<string>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  /** Relative to /sdk/v1, e.g. ROUTES.usersMe. */
  path: string;
  /** JSON-encoded when present; keys whose value is undefined disappear. */
  body?: object;
}

export interface HttpClient {
  request<T>(request: HttpRequest): Promise<T>;
}

export function createHttpClient(options: {
  publicToken: string;
  baseUrl: string;
  fetch: BrowserDependencies['fetch'];
  location: BrowserDependencies['location'];
  /** Read at request time from the session cookie (wire-format.md §2). */
  sessionToken: () => string | null;
  /** JSON telemetry blob of wire-format.md §2.1, regenerated per request. */
  telemetry: () => object;
  /** Answers 'Captcha required' by solving a challenge and retrying once (issue 9 item 3); none: a typed error. */
  captchaSolver?: CaptchaSolver | null;
}): HttpClient {
  const { publicToken } = options;
  const solver = options.captchaSolver ?? null;

  /**
   * wire-format.md §3.4 with our own captcha: fetch a challenge for the call's path (its action), solve it, and
   * send the same call again, once, with `captcha_token` added to the body.
   */
  async function retryWithCaptcha<T>(request: HttpRequest): Promise<T> {
    if (solver === null) throw new CaptchaRequiredError('no_solver');
    // Errors of the challenge call itself (offline, its per-IP 429) surface as they are.
    const { challenge } = await send<{ challenge: CaptchaChallenge }>({
      method: 'POST',
      path: PATHS.captchaChallenge,
      body: { action: request.path },
    });
    let token: string;
    try {
      token = await solver(challenge);
      if (typeof token !== 'string' || token === '') throw new Error('the solver returned no token');
    } catch (error) {
      throw new CaptchaRequiredError('unsolved', { cause: error });
    }
    try {
      return await send<T>({ ...request, body: { ...request.body, captcha_token: token } });
    } catch (error) {
      if (error instanceof RetriableError) throw new CaptchaRequiredError('refused');
      throw error;
    }
  }

  async function send<T>(request: HttpRequest): Promise<T> {
    const headers = {
      // The password part is the public token again when there is no session (wire-format.md §2).
      Authorization: `Basic ${base64FromText(`${publicToken}:${options.sessionToken() ?? publicToken}`)}`,
      'Content-Type': 'application/json',
      'X-SDK-Client': base64FromText(JSON.stringify(options.telemetry())),
      'X-SDK-Parent-Host': options.location.origin,
    };
    let response: Response;
    try {
      response = await options.fetch(options.baseUrl + SDK_API_PREFIX + request.path, {
        method: request.method,
        headers,
        ...(request.body ? { body: JSON.stringify(request.body) } : {}),
      });
    } catch (error) {
      throw networkError(error);
    }
    return parseResponse<T>(response);
  }

  return {
    async request<T>(request: HttpRequest): Promise<T> {
      try {
        return await send<T>(request);
      } catch (error) {
        // The challenge route itself is never retried (it is not a protected call).
        if (!(error instanceof RetriableError) || request.path === PATHS.captchaChallenge) throw error;
        return retryWithCaptcha<T>(request);
      }
    },
  };
}

/**
 * wire-format.md §3.2 step 1: "Failed to fetch" means unreachable. The Fetch standard rejects every network
 * failure with a TypeError (Firefox and Safari word it differently), so any TypeError counts; anything else
 * (an abort, for instance) is re-thrown as it is.
 */
export function networkError(error: unknown): unknown {
  if (error instanceof TypeError || (error instanceof Error && error.message === 'Failed to fetch')) {
    return new SDKAPIUnreachableError(error.message);
  }
  return error;
}

/** wire-format.md §3: 2xx → `data`; otherwise JSON error, schema error, captcha text or unreachable. */
export async function parseResponse<T>(response: Response): Promise<T> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new SDKAPIUnreachableError('Invalid or no response from server');
  }
  if (response.status <= 299) {
    try {
      return (JSON.parse(text) as { data: T }).data;
    } catch {
      throw new SDKAPIUnreachableError('Invalid JSON response from the Gatehouse servers.');
    }
  }
  if (response.headers.get('content-type')?.includes('application/json')) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
    } catch {
      throw new SDKAPIUnreachableError('Invalid or no response from server');
    }
    if (body === null || typeof body !== 'object')
      throw new SDKAPIUnreachableError('Invalid or no response from server');
    if ('body' in body || 'params' in body || 'query' in body) throw new SchemaError(body);
    // The error-type list first (./errors.ts): APIError maps a type this SDK does not know.
    await loadKnownErrorTypes().catch(() => {
      // Not loaded (the network went meanwhile): the server's type as sent.
    });
    throw new APIError({ status_code: response.status, ...body } as APIErrorFields);
  }
  if (text.includes('Captcha required')) throw new RetriableError();
  throw new SDKAPIUnreachableError('Invalid response from the Gatehouse servers.');
}
