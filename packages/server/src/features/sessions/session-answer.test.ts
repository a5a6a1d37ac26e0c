import { describe, expect, it } from 'vitest';
import { authenticatedSessionJson, type KeptAnswers } from './session-answer';
import { JWT_CACHE_SIZE } from './session-jwt';
import type { SessionRow } from './session-lookup';

const row: SessionRow = {
  id: 'session-1',
  user_id: 'user-1',
  started_ms: Date.UTC(2030, 0, 1),
  last_accessed_ms: Date.UTC(2030, 0, 1, 0, 1),
  expires_ms: Date.UTC(2030, 0, 1, 1),
  authenticated_ms: Date.UTC(2030, 0, 1),
  ip_address: '127.0.0.1',
  user_agent: 'agent "quoted"',
  factors: '[{"type": "magic_link"}]',
  custom_claims: null,
};
const input = { row, token: 'token-1', jwt: 'jwt-1', userJson: '{"user_id" : "user-1"}' };

describe('authenticatedSessionJson', () => {
  it('prints the wire fields, and gives the same text again while every input is the same', () => {
    const answers: KeptAnswers = new Map();
    const first = authenticatedSessionJson(answers, input);
    expect(JSON.parse(`{${first}}`)).toEqual({
      user_id: 'user-1',
      session_token: 'token-1',
      session_jwt: 'jwt-1',
      session: {
        session_id: 'session-1',
        user_id: 'user-1',
        started_at: '2030-01-01T00:00:00Z',
        last_accessed_at: '2030-01-01T00:01:00Z',
        expires_at: '2030-01-01T01:00:00Z',
        attributes: { ip_address: '127.0.0.1', user_agent: 'agent "quoted"' },
        authentication_factors: [{ type: 'magic_link' }],
        custom_claims: null,
      },
      user: { user_id: 'user-1' },
      __user: { user_id: 'user-1' },
    });
    expect(authenticatedSessionJson(answers, { ...input, row: { ...row } })).toBe(first);
  });

  it.each([
    ['the token', { token: 'token-2' }],
    ['the JWT', { jwt: 'jwt-2' }],
    ['the user', { userJson: '{"user_id" : "user-1", "name" : "Ada"}' }],
    ['the last access', { row: { ...row, last_accessed_ms: row.last_accessed_ms + 60_000 } }],
    ['the expiry', { row: { ...row, expires_ms: row.expires_ms + 60_000 } }],
    ['the factors', { row: { ...row, factors: '[]' } }],
    ['the custom claims', { row: { ...row, custom_claims: '{"a": 1}' } }],
    ['the user agent', { row: { ...row, user_agent: 'other' } }],
  ])('builds the answer anew when %s changed', (_what, change) => {
    const answers: KeptAnswers = new Map();
    authenticatedSessionJson(answers, input);
    const changed = { ...input, ...change };
    const fresh = authenticatedSessionJson(new Map(), changed);
    expect(authenticatedSessionJson(answers, changed)).toBe(fresh);
    expect(fresh).not.toBe(authenticatedSessionJson(new Map(), input));
  });

  it('keeps at most as many answers as JWTs, the oldest going first', () => {
    const answers: KeptAnswers = new Map();
    for (let i = 0; i <= JWT_CACHE_SIZE; i++) {
      authenticatedSessionJson(answers, { ...input, row: { ...row, id: `session-${i}` } });
    }
    expect(answers.size).toBe(JWT_CACHE_SIZE);
    expect(answers.has('session-0')).toBe(false);
    expect(answers.has(`session-${JWT_CACHE_SIZE}`)).toBe(true);
  });
});
