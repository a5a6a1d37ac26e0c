// Issue 14 item 2: the Stytch pre-built UI reads only `feedback.warning` under the zxcvbn policy, so a breached
// password that zxcvbn scores strong must carry the breach in the warning for it (service.ts withBreachWarning);
// the Gatehouse SDK's widget draws its own breach line and gets zxcvbn's warning unchanged.
import { ROUTES } from '@gatehouse/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import type { StrengthCheckResult } from './kit';
import { BREACHED_PASSWORD_MESSAGE, withBreachWarning } from './service';
import { STRONG } from './test-helpers';

/** On the offline breached list (breached.ts) yet scored 4 by zxcvbn, with no zxcvbn warning of its own. */
const BREACHED_STRONG = 'Gankutsuou1989';
/** The X-SDK-Client blob of the published Stytch SDK (wire-format.md §2.1). */
const STYTCH_CLIENT = Buffer.from(
  JSON.stringify({ sdk: { identifier: 'Stytch.js Javascript SDK', version: '4.13.1' } }),
).toString('base64');

describe.each(testDatabaseKinds())('the strength check’s breach warning on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ kind });
  });
  afterAll(async () => {
    await t?.close();
  });

  const check = async (password: string, headers: Record<string, string> = {}) => {
    const response = await sdkRequest(t.app, {
      method: 'POST',
      url: ROUTES.passwords.strengthCheck,
      publicToken: t.publicToken,
      body: { password },
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data as StrengthCheckResult;
  };

  it('names the breach in the warning for the Stytch SDK when zxcvbn alone would accept the password', async () => {
    const stytch = await check(BREACHED_STRONG, { 'x-sdk-client': STYTCH_CLIENT });
    expect(stytch).toMatchObject({
      strength_policy: 'zxcvbn',
      score: 4,
      valid_password: false,
      breached_password: true,
      feedback: { warning: BREACHED_PASSWORD_MESSAGE },
    });
    // No X-SDK-Client at all is not the Gatehouse SDK either.
    const bare = await check(BREACHED_STRONG, { 'x-sdk-client': '' });
    expect(bare.feedback.warning).toBe(BREACHED_PASSWORD_MESSAGE);
  });

  it('leaves the Gatehouse SDK’s warning to zxcvbn, and a password that is not breached alone', async () => {
    const gatehouse = await check(BREACHED_STRONG);
    expect(gatehouse).toMatchObject({ valid_password: false, breached_password: true });
    expect(gatehouse.feedback.warning).toBe('');
    const strong = await check(STRONG, { 'x-sdk-client': STYTCH_CLIENT });
    expect(strong).toMatchObject({ valid_password: true, breached_password: false });
    expect(strong.feedback.warning).toBe('');
  });
});

describe('withBreachWarning', () => {
  const result = (overrides: Partial<StrengthCheckResult>): StrengthCheckResult => ({
    valid_password: false,
    score: 1,
    breached_password: true,
    breach_detection_on_create: true,
    strength_policy: 'zxcvbn',
    feedback: {
      suggestions: [],
      warning: 'This is a top-10 common password.',
      luds_requirements: {
        has_digit: true,
        has_lower_case: true,
        has_symbol: false,
        has_upper_case: false,
        missing_characters: 0,
        missing_complexity: 0,
      },
    },
    ...overrides,
  });

  it('replaces zxcvbn’s own warning with the breach for a foreign caller', () => {
    expect(withBreachWarning(result({}), null).feedback.warning).toBe(BREACHED_PASSWORD_MESSAGE);
  });

  it('leaves LUDS answers alone: the UI draws its own breach line from breached_password there', () => {
    const luds = result({ strength_policy: 'luds', feedback: { ...result({}).feedback, warning: '' } });
    expect(withBreachWarning(luds, null)).toEqual(luds);
  });
});
