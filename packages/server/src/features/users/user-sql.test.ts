import { describe, expect, it } from 'vitest';
import { rfc3339 } from './user-sql';

describe('rfc3339', () => {
  it('prints whole UTC seconds, the same from its memory as when first made, before 1970 too', () => {
    const instants = [
      0,
      999,
      1_000,
      -1,
      -500,
      -1_001,
      Date.UTC(2026, 11, 7, 10, 29, 14, 999),
      253_402_300_799_000,
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const ms of instants) {
        expect(rfc3339(new Date(ms))).toBe(`${new Date(ms).toISOString().slice(0, 19)}Z`);
      }
    }
    expect(rfc3339(new Date(-500))).toBe('1969-12-31T23:59:59Z');
  });

  it('stays right past the size of its memory, and refuses an invalid date', () => {
    const start = Date.UTC(2030, 0, 1);
    for (let i = 0; i < 10_000; i += 1) {
      const ms = start + i * 1_000 + (i % 1_000);
      expect(rfc3339(new Date(ms))).toBe(`${new Date(ms).toISOString().slice(0, 19)}Z`);
    }
    expect(() => rfc3339(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => rfc3339(new Date(Number.NaN))).toThrow(RangeError);
  });
});
