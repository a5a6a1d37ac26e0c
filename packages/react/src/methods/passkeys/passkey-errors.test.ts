// SPEC §8 passkey messages, decided with the SDK's isAPIError and comparisons against ErrorType values: errors of
// this SDK copy, of another copy (duck-typed), a type a newer server added, and browser errors.
import { APIError, SDKAPIUnreachableError } from '@gatehouse/sdk';
import { describe, expect, it } from 'vitest';
import { DEFAULT_STRINGS } from '../../strings';
import { apiError } from '../../test-support/fake-client';
import { EmptyPasskeyResponseError, passkeyCreateMessage, passkeySignInMessage } from './passkey-errors';
import { PASSKEY_STRINGS } from './passkey-strings';

const strings = { ...DEFAULT_STRINGS, ...PASSKEY_STRINGS };

/** An APIError of this SDK copy, as parseResponse builds it from the server's answer. */
function ownAPIError(status_code: number, error_type: string): APIError {
  return new APIError({ status_code, error_type, error_message: 'From the server.', error_url: '' });
}

/** An APIError of another SDK copy (another version in the bundle): not an instance of this copy's class. */
class APIErrorFromAnotherCopy extends Error {
  override readonly name = 'APIError';
  readonly error_message = 'From the server.';
  readonly error_url = '';
  constructor(
    readonly status_code: number,
    readonly error_type: string,
  ) {
    super(`[${status_code}] ${error_type}`);
  }
}

function domError(name: string): Error {
  const error = new Error(name);
  error.name = name;
  return error;
}

const NEWER_SERVER_TYPE = 'error_type_from_a_newer_server';

describe('passkeySignInMessage (SPEC §8)', () => {
  it.each([
    ['this SDK copy', ownAPIError(404, 'webauthn_registration_not_found')],
    ['another SDK copy', new APIErrorFromAnotherCopy(404, 'webauthn_registration_not_found')],
    [
      "the widget tests' fake",
      apiError({ error_type: 'webauthn_registration_not_found', error_message: 'x' }),
    ],
  ])('webauthn_registration_not_found from %s: registration not found', (_name, error) => {
    expect(passkeySignInMessage(error, strings)).toBe(strings.passkeyRegistrationNotFound);
  });

  it.each([
    ['another type, this SDK copy', ownAPIError(401, 'unable_to_auth_webauthn')],
    ['another type, another SDK copy', new APIErrorFromAnotherCopy(401, 'unable_to_auth_webauthn')],
    [
      "a newer server's type, this SDK copy (read as internal_server_error)",
      ownAPIError(503, NEWER_SERVER_TYPE),
    ],
    [
      "a newer server's type, another SDK copy (kept as it is)",
      new APIErrorFromAnotherCopy(503, NEWER_SERVER_TYPE),
    ],
    ['an empty answer', new EmptyPasskeyResponseError()],
  ])('%s: the unknown error', (_name, error) => {
    expect(passkeySignInMessage(error, strings)).toBe(strings.passkeyUnknownError);
  });

  it.each([
    ['the person cancelling (NotAllowedError)', domError('NotAllowedError')],
    ['an unreachable server', new SDKAPIUnreachableError('Failed to fetch')],
    [
      'an object with an error_type but none of the other wire fields',
      { error_type: 'unable_to_auth_webauthn' },
    ],
    ['nothing', undefined],
  ])('%s: no message', (_name, error) => {
    expect(passkeySignInMessage(error, strings)).toBeNull();
  });
});

describe('passkeyCreateMessage (SPEC §8)', () => {
  it.each([
    ['the browser (InvalidStateError)', domError('InvalidStateError')],
    ['the server, this SDK copy', ownAPIError(409, 'duplicate_webauthn_registration')],
    ['the server, another SDK copy', new APIErrorFromAnotherCopy(409, 'duplicate_webauthn_registration')],
  ])('already registered, said by %s', (_name, error) => {
    expect(passkeyCreateMessage(error, strings)).toBe(strings.passkeyAlreadyRegistered);
  });

  it.each([
    ['another API error', ownAPIError(401, 'unable_to_auth_webauthn')],
    ["a newer server's type, this SDK copy", ownAPIError(409, NEWER_SERVER_TYPE)],
    ["a newer server's type, another SDK copy", new APIErrorFromAnotherCopy(409, NEWER_SERVER_TYPE)],
    ['the person cancelling', domError('NotAllowedError')],
    ['an unreachable server', new SDKAPIUnreachableError('Failed to fetch')],
  ])('%s: not created', (_name, error) => {
    expect(passkeyCreateMessage(error, strings)).toBe(strings.passkeyNotCreated);
  });
});
