import { hash as argon2Hash, verify as argon2Verify, parseOptions } from '@node-rs/argon2';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../infra/errors';
import {
  assertPasswordLength,
  concurrencyLimit,
  countCodePoints,
  createPasswordHasher,
  OWASP_ARGON2ID,
} from './hashing';

// Cheap parameters for the tests that only need two different settings (the OWASP ones are checked once).
const FAST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

function lengthError(password: string): unknown {
  try {
    assertPasswordLength(password);
    return null;
  } catch (error) {
    return error;
  }
}

describe('password length (issue 10 item 1: 8..256 code points)', () => {
  it('refuses 7 code points and accepts 8', () => {
    expect(lengthError('a'.repeat(7))).toBeInstanceOf(ApiError);
    expect((lengthError('a'.repeat(7)) as ApiError).errorType).toBe('invalid_password');
    expect(lengthError('a'.repeat(8))).toBeNull();
  });

  it('accepts 256 code points and refuses 257', () => {
    expect(lengthError('a'.repeat(256))).toBeNull();
    expect(lengthError('a'.repeat(257))).toBeInstanceOf(ApiError);
  });

  it('counts an astral character (an emoji, two UTF-16 units) as one', () => {
    const eight = '😀'.repeat(8);
    expect(eight.length).toBe(16);
    expect(countCodePoints(eight)).toBe(8);
    expect(lengthError('😀'.repeat(7))).toBeInstanceOf(ApiError);
    expect(lengthError(eight)).toBeNull();
    expect(lengthError('😀'.repeat(256))).toBeNull();
    expect(lengthError('😀'.repeat(257))).toBeInstanceOf(ApiError);
  });

  it('refuses a 1 MB password fast, without walking it', () => {
    const huge = 'x'.repeat(1_048_576);
    const started = performance.now();
    expect((lengthError(huge) as ApiError).statusCode).toBe(400);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it('never puts the password in the message', () => {
    const error = lengthError('short!') as ApiError;
    expect(error.message).not.toContain('short!');
  });
});

describe('argon2id hashing', () => {
  it('stores the OWASP parameters in the PHC string and verifies', async () => {
    const hasher = createPasswordHasher();
    const stored = await hasher.hash('correct horse battery staple');
    expect(stored.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true);
    expect(parseOptions(stored)).toMatchObject(OWASP_ARGON2ID);
    expect(await hasher.verify(stored, 'correct horse battery staple')).toEqual({
      valid: true,
      needsRehash: false,
    });
    expect((await hasher.verify(stored, 'correct horse battery stapl')).valid).toBe(false);
  });

  it('does not fold case or truncate: two 80-character passwords differing after byte 72 do not both verify', async () => {
    const hasher = createPasswordHasher(FAST);
    const first = `${'p'.repeat(72)}AAAAAAAA`;
    const second = `${'p'.repeat(72)}AAAAAAAB`;
    const stored = await hasher.hash(first);
    expect((await hasher.verify(stored, first)).valid).toBe(true);
    expect((await hasher.verify(stored, second)).valid).toBe(false);
    expect((await hasher.verify(stored, first.toLowerCase())).valid).toBe(false);
  });

  it('asks for a rehash when the stored parameters differ from today’s (only after a valid password)', async () => {
    const old = createPasswordHasher(FAST);
    const stored = await old.hash('an old password here');
    const today = createPasswordHasher({ ...FAST, timeCost: 2 });
    expect(await today.verify(stored, 'an old password here')).toEqual({ valid: true, needsRehash: true });
    expect(await today.verify(stored, 'a wrong password')).toEqual({ valid: false, needsRehash: false });
    const fresh = await today.hash('an old password here');
    expect(await today.verify(fresh, 'an old password here')).toEqual({ valid: true, needsRehash: false });
  });

  it('EN-02: where there is no hash to check, verifies once against a hash made under today’s parameters, not the defaults', async () => {
    for (const parameters of [FAST, { memoryCost: 2048, timeCost: 3, parallelism: 1 }]) {
      const verified: string[] = [];
      const pool = {
        hash: (password: string, options: object) => argon2Hash(password, options),
        verify: async (stored: string, password: string) => {
          verified.push(stored);
          return argon2Verify(stored, password);
        },
        close: async () => {},
      };
      const hasher = createPasswordHasher(parameters, { pool });
      await hasher.verifyNothing('Tumbling-Kettle-Orbit-4471');
      await hasher.verifyNothing('');
      // One verify each, against one hash (made once) that carries these parameters.
      expect(verified).toHaveLength(2);
      expect(verified[1]).toBe(verified[0]);
      expect(parseOptions(verified[0]!)).toMatchObject(parameters);
    }
  });

  it('answers invalid (not an error) for a damaged stored hash', async () => {
    const hasher = createPasswordHasher(FAST);
    expect(await hasher.verify('not a phc string', 'whatever123')).toEqual({
      valid: false,
      needsRehash: false,
    });
  });
});

describe('concurrencyLimit (issue 10 item 6: no more hashes in flight than cores)', () => {
  it('runs at most `limit` tasks at once and every task in the end', async () => {
    const limited = concurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const tasks = Array.from({ length: 5 }, (_, index) =>
      limited(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        return index;
      }),
    );
    for (let step = 0; step < 5; step += 1) {
      await vi.waitFor(() => expect(releases.length).toBeGreaterThan(0));
      expect(running).toBeLessThanOrEqual(2);
      releases.shift()!();
    }
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
  });

  it('frees its slot when a task fails', async () => {
    const limited = concurrencyLimit(1);
    await expect(limited(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limited(async () => 'next')).toBe('next');
  });
});
