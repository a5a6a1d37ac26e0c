import { describe, expect, it } from 'vitest';
import {
  APIError,
  GatehouseError,
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
