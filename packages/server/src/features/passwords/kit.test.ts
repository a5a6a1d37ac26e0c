import { describe, expect, it } from 'vitest';
import type { ProjectRecord } from '../../infra/context';
import { ApiError } from '../../infra/errors';
import { compactBreachList, sha1Hex } from './breached';
import { createPasswordKit, createPasswordWorkers } from './kit';

const zxcvbnProject = { settings: { password_config: null } } as unknown as ProjectRecord;
const ludsProject = {
  settings: { password_config: { luds_minimum_count: 10, luds_complexity: 3 } },
} as unknown as ProjectRecord;

// A strong-looking password that is on the (injected) breached list.
const BREACHED = 'kV9#pL2@xR7!';

function kit(warnings: string[] = [], rangeApiUrl: string | null = null) {
  return createPasswordKit({
    breachRangeApiUrl: rangeApiUrl,
    breachRangeTimeoutMs: 100,
    loadOfflineBreachList: async () => compactBreachList([BREACHED, 'password123']),
    argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    warn: (message) => warnings.push(message),
  });
}

describe('the password kit (ctx.passwords)', () => {
  it('zxcvbn policy: valid at score ≥ 3 and not breached, with warning, suggestions and the LUDS block', async () => {
    const passwords = kit();
    const strong = await passwords.strength(zxcvbnProject, {
      password: 'correct horse battery staple',
      email: null,
    });
    expect(strong).toEqual({
      valid_password: true,
      score: 4,
      breached_password: false,
      breach_detection_on_create: true,
      strength_policy: 'zxcvbn',
      feedback: {
        suggestions: [],
        warning: '',
        luds_requirements: {
          has_digit: false,
          has_lower_case: true,
          has_symbol: true,
          has_upper_case: false,
          missing_characters: 0,
          missing_complexity: 0,
        },
      },
    });
    const weak = await passwords.strength(zxcvbnProject, { password: 'password123', email: null });
    expect(weak).toMatchObject({
      valid_password: false,
      score: 0,
      breached_password: true,
      feedback: { warning: 'This is a commonly used password.' },
    });
    const fair = await passwords.strength(zxcvbnProject, { password: 'johnsmith1987', email: null });
    expect(fair).toMatchObject({ valid_password: false, score: 2, breached_password: false });
  });

  it('a breached password is never valid, however strong it scores', async () => {
    const result = await kit().strength(zxcvbnProject, { password: BREACHED, email: null });
    expect(result).toMatchObject({ score: 4, breached_password: true, valid_password: false });
    const luds = await kit().strength(ludsProject, { password: `${BREACHED}ab`, email: null });
    expect(luds.valid_password).toBe(true);
    const ludsBreached = await kit().strength(
      {
        ...ludsProject,
        settings: { ...ludsProject.settings, password_config: { luds_minimum_count: 8, luds_complexity: 3 } },
      },
      { password: BREACHED, email: null },
    );
    expect(ludsBreached).toMatchObject({
      breached_password: true,
      valid_password: false,
      strength_policy: 'luds',
    });
  });

  it('isBreached answers the breached check alone', async () => {
    const passwords = kit();
    expect(await passwords.isBreached(BREACHED)).toBe(true);
    expect(await passwords.isBreached('not on the injected list 42')).toBe(false);
  });

  it('LUDS policy: missing_characters and missing_complexity decide, no zxcvbn feedback', async () => {
    const passwords = kit();
    const short = await passwords.strength(ludsProject, { password: 'abcdefgh', email: null });
    expect(short).toMatchObject({
      valid_password: false,
      strength_policy: 'luds',
      breached_password: false,
      feedback: {
        suggestions: [],
        warning: '',
        luds_requirements: { missing_characters: 2, missing_complexity: 2 },
      },
    });
    const good = await passwords.strength(ludsProject, { password: 'Abcdefghi1', email: null });
    expect(good).toMatchObject({
      valid_password: true,
      feedback: { luds_requirements: { missing_characters: 0, missing_complexity: 0 } },
    });
  });

  it('under 8 code points is invalid (not an error) so the meter follows typing; over 256 is a 400', async () => {
    const passwords = kit();
    const short = await passwords.strength(zxcvbnProject, { password: 'Xq7#vL2', email: null });
    expect(short.valid_password).toBe(false);
    await expect(
      passwords.strength(zxcvbnProject, { password: 'x'.repeat(1_048_576), email: null }),
    ).rejects.toMatchObject({ errorType: 'invalid_password', statusCode: 400 });
  });

  it('hash refuses a password outside the bounds before hashing, and verify follows', async () => {
    const passwords = kit();
    const started = performance.now();
    await expect(passwords.hash('y'.repeat(1_048_576))).rejects.toBeInstanceOf(ApiError);
    expect(performance.now() - started).toBeLessThan(50);
    expect(() => passwords.assertLength('1234567')).toThrow(ApiError);
    const stored = await passwords.hash('a fine password');
    expect(stored.startsWith('$argon2id$')).toBe(true);
    expect(stored).not.toContain('a fine password');
    expect(await passwords.verify(stored, 'a fine password')).toEqual({ valid: true, needsRehash: false });
  });

  it('never puts a password or its hash in what it logs', async () => {
    const warnings: string[] = [];
    // Nothing listens on port 9 (discard): the range lookup fails and the kit warns.
    const passwords = kit(warnings, 'http://127.0.0.1:9/range');
    const password = 'Logged-Never 4821 zebra';
    await passwords.strength(zxcvbnProject, { password, email: 'someone@example.com' });
    expect(warnings.length).toBeGreaterThan(0);
    const logged = warnings.join('\n');
    expect(logged).not.toContain(password);
    expect(logged).not.toContain(sha1Hex(password));
    expect(logged).not.toContain(sha1Hex(password).slice(5));
  });

  it('kits sharing their workers build the offline breach list once, and build it again after a failure', async () => {
    let builds = 0;
    let failNext = true;
    const workers = createPasswordWorkers({
      loadBreachList: async () => {
        builds += 1;
        if (failNext) {
          failNext = false;
          throw new Error('list unreadable');
        }
        return compactBreachList([BREACHED]);
      },
    });
    try {
      const kits = [1, 2, 3].map(() =>
        createPasswordKit({
          breachRangeApiUrl: null,
          workers,
          argon2: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
        }),
      );
      // The first build fails: the check fails with it, and nothing failed is kept.
      await expect(kits[0]!.strength(zxcvbnProject, { password: BREACHED, email: null })).rejects.toThrow();
      for (const each of kits) {
        expect(await each.strength(zxcvbnProject, { password: BREACHED, email: null })).toMatchObject({
          breached_password: true,
          valid_password: false,
        });
      }
      expect(builds).toBe(2);
    } finally {
      await workers.close();
    }
  });
});
