import { ERROR_TYPES, type ErrorType, isErrorType } from '@gatehouse/protocol';
import { describe, expect, it } from 'vitest';
import {
  APIError,
  GatehouseError,
  isAPIError,
  loadKnownErrorTypes,
  RetriableError,
  SchemaError,
  SDKAPIUnreachableError,
  StytchAPIError,
  StytchAPISchemaError,
  StytchAPIUnreachableError,
  StytchSDKUsageError,
  UsageError,
} from './errors';

describe('SDK error classes (SPEC §8)', () => {
  it('APIError carries every field and renders the wire-format.md §3.2 message', () => {
    const error = new APIError({
      status_code: 401,
      error_type: 'unauthorized_credentials',
      error_message: 'Unauthorized credentials.',
      error_url: 'https://gatehouse.dev/errors#unauthorized_credentials',
      request_id: 'request-id-1',
    });
    expect(error.message).toBe(
      '[401] unauthorized_credentials\nUnauthorized credentials.\n' +
        'See https://gatehouse.dev/errors#unauthorized_credentials for more information.\nrequest_id: request-id-1\n',
    );
    expect(error).toMatchObject({
      name: 'APIError',
      status_code: 401,
      error_type: 'unauthorized_credentials',
      error_message: 'Unauthorized credentials.',
      error_url: 'https://gatehouse.dev/errors#unauthorized_credentials',
      request_id: 'request-id-1',
    });
  });

  it('APIError leaves out the request_id line when there is none', () => {
    const error = new APIError({ status_code: 500, error_type: 'x', error_message: 'm', error_url: 'u' });
    expect(error.message).toBe('[500] x\nm\nSee u for more information.\n');
    expect(error.request_id).toBeNull();
  });

  it('APIError keeps every error_type of the catalogue as it is', () => {
    for (const type of Object.keys(ERROR_TYPES)) {
      const error = new APIError({ status_code: 400, error_type: type, error_message: 'm', error_url: 'u' });
      expect(error.error_type).toBe(type);
    }
  });

  it("APIError maps a type this SDK does not know (a newer server) to 'internal_server_error', keeping the rest", async () => {
    // The list loads with the first error answer (http.ts does this before it builds an APIError).
    await loadKnownErrorTypes();
    const error = new APIError({
      status_code: 503,
      error_type: 'error_type_from_a_newer_server',
      error_message: 'Try again in a minute.',
      error_url: 'https://gatehouse.dev/errors#error_type_from_a_newer_server',
      request_id: 'request-id-2',
    });
    expect(error.error_type).toBe('internal_server_error');
    expect(error).toMatchObject({
      status_code: 503,
      error_message: 'Try again in a minute.',
      error_url: 'https://gatehouse.dev/errors#error_type_from_a_newer_server',
      request_id: 'request-id-2',
    });
    // The message still names what the server sent, for logs.
    expect(error.message).toMatch(/^\[503\] error_type_from_a_newer_server\n/);
    // Inherited names are not catalogue types either.
    for (const type of ['toString', '__proto__', 'constructor']) {
      const inherited = new APIError({
        status_code: 400,
        error_type: type,
        error_message: 'm',
        error_url: 'u',
      });
      expect(inherited.error_type, type).toBe('internal_server_error');
    }
  });

  it('SchemaError has status 400, the schema message with one line per body item, and the details', () => {
    const item = {
      keyword: 'type',
      dataPath: '.email',
      schemaPath: '#/x',
      params: {},
      message: 'should be string',
    };
    const error = new SchemaError({ body: [item], query: [item] });
    expect(error.status_code).toBe(400);
    expect(error.message).toBe('Request does not match expected schema\n.email: should be string');
    expect(error.body).toEqual([item]);
    expect(error.query).toEqual([item]);
    expect(error.params).toBeNull();
  });

  it('SDKAPIUnreachableError says the servers cannot be contacted and asks whether the user is online', () => {
    const error = new SDKAPIUnreachableError('Failed to fetch');
    expect(error.message).toMatch(/^Unable to contact the Gatehouse servers\. Are you online\?/);
    expect(error.details).toBe('Failed to fetch');
  });

  it('UsageError reads "Invalid call to {method}" plus the detail', () => {
    expect(new UsageError('magicLinks.authenticate', 'token must be a string.').message).toBe(
      'Invalid call to magicLinks.authenticate\ntoken must be a string.',
    );
  });

  it('all extend GatehouseError and the Stytch names are the same classes', () => {
    for (const error of [
      new APIError({ status_code: 1, error_type: '', error_message: '', error_url: '' }),
      new SchemaError({}),
      new SDKAPIUnreachableError(''),
      new UsageError('m', 'd'),
      new RetriableError(),
    ]) {
      expect(error).toBeInstanceOf(GatehouseError);
      expect(error).toBeInstanceOf(Error);
    }
    expect(StytchAPIError).toBe(APIError);
    expect(StytchAPISchemaError).toBe(SchemaError);
    expect(StytchAPIUnreachableError).toBe(SDKAPIUnreachableError);
    expect(StytchSDKUsageError).toBe(UsageError);
  });
});

/** An APIError class of another copy of the SDK (another version in the bundle): same fields, another class. */
class APIErrorFromAnotherCopy extends Error {
  readonly status_code: number;
  readonly error_type: string;
  readonly error_message: string;
  readonly error_url = '';
  readonly request_id = 'request-id-other';
  constructor(status_code: number, error_type: string, error_message: string) {
    super(`[${status_code}] ${error_type}`);
    this.name = 'APIError';
    this.status_code = status_code;
    this.error_type = error_type;
    this.error_message = error_message;
  }
}

describe('isAPIError', () => {
  const own = new APIError({
    status_code: 404,
    error_type: 'webauthn_registration_not_found',
    error_message: 'Not found.',
    error_url: '',
  });

  it("recognises this SDK's APIError, also under its Stytch name", () => {
    expect(isAPIError(own)).toBe(true);
    expect(
      isAPIError(new StytchAPIError({ status_code: 401, error_type: 'x', error_message: '', error_url: '' })),
    ).toBe(true);
  });

  it('recognises an API error of another copy of the SDK, which instanceof cannot', () => {
    const foreign = new APIErrorFromAnotherCopy(
      409,
      'duplicate_webauthn_registration',
      'Already registered.',
    );
    expect(foreign).not.toBeInstanceOf(APIError);
    expect(isAPIError(foreign)).toBe(true);
    // An error that lost its prototype (structured clone, postMessage) still has the wire fields.
    expect(isAPIError({ status_code: 401, error_type: 'unauthorized_credentials', error_message: '' })).toBe(
      true,
    );
  });

  it("keeps another copy's type outside this catalogue as it is: it is an API error no comparison matches", () => {
    const foreign = new APIErrorFromAnotherCopy(503, 'error_type_from_a_newer_server', 'Later.');
    const error: unknown = foreign;
    if (!isAPIError(error)) throw new Error('expected an API error');
    expect(error.error_type).toBe('error_type_from_a_newer_server');
    expect(isErrorType(error.error_type)).toBe(false);
  });

  it('rejects the other SDK errors and anything without the wire fields', () => {
    for (const error of [
      new SchemaError({ body: [] }),
      new SDKAPIUnreachableError('Failed to fetch'),
      new UsageError('m', 'd'),
      new RetriableError(),
      new Error('[404] session_not_found'),
      Object.assign(new Error('x'), { error_type: 'session_not_found' }),
      { status_code: '404', error_type: 'session_not_found', error_message: 'm' },
      { status_code: 404, error_type: null, error_message: 'm' },
      { status_code: 404, error_type: 'session_not_found' },
      'session_not_found',
      404,
      null,
      undefined,
    ]) {
      expect(isAPIError(error), String(error)).toBe(false);
    }
  });

  it('narrows to APIError, so a switch on error_type is checked against the catalogue', () => {
    // What a caller writes: the cases are ErrorType values (a misspelt one does not compile) and the default
    // branch takes every other type, a newer server's included (mapped, see APIError).
    function screenFor(error: unknown): 'retry' | 'sign-in-again' | 'gone' | 'other' | 'not-an-api-error' {
      if (!isAPIError(error)) return 'not-an-api-error';
      switch (error.error_type) {
        case 'internal_server_error':
        case 'too_many_requests':
          return 'retry';
        case 'unauthorized_credentials':
        case 'session_not_found':
          return 'sign-in-again';
        case 'webauthn_registration_not_found':
          return 'gone';
        default:
          return 'other';
      }
    }
    expect(screenFor(own)).toBe('gone');
    expect(screenFor(new APIErrorFromAnotherCopy(404, 'session_not_found', ''))).toBe('sign-in-again');
    expect(screenFor(new APIErrorFromAnotherCopy(404, 'error_type_from_a_newer_server', ''))).toBe('other');
    expect(
      screenFor(
        new APIError({
          status_code: 503,
          error_type: 'error_type_from_a_newer_server',
          error_message: '',
          error_url: '',
        }),
      ),
    ).toBe('retry');
    expect(
      screenFor(
        new APIError({ status_code: 400, error_type: 'invalid_email', error_message: '', error_url: '' }),
      ),
    ).toBe('other');
    expect(screenFor(new SDKAPIUnreachableError('Failed to fetch'))).toBe('not-an-api-error');

    // @ts-expect-error a misspelt error type is not an ErrorType (tsc --noEmit checks this line).
    const misspelt: ErrorType = 'webauthn_registraton_not_found';
    expect(misspelt).not.toBe(own.error_type);
  });
});
