// Issue 26 item 3: the Activity query bar's language.
import { describe, expect, it } from 'vitest';
import { formatEventQuery, parseEventQuery, rangeStart } from './event-query';

describe('the activity query bar', () => {
  it('maps type:, user:, ip: and actor: to the events route’s filters', () => {
    expect(
      parseEventQuery('type:sign_in.* user:user-1 ip:203.0.113.7 actor:admin_api_key:bootstrap'),
    ).toEqual({
      ok: true,
      filters: {
        type: ['sign_in.*'],
        user_id: 'user-1',
        ip: '203.0.113.7',
        actor: 'admin_api_key:bootstrap',
      },
    });
  });

  it('takes several types, repeated or with commas, and any spacing', () => {
    expect(parseEventQuery('  type:a.*,b.created   TYPE:c  ')).toEqual({
      ok: true,
      filters: { type: ['a.*', 'b.created', 'c'] },
    });
    expect(parseEventQuery('')).toEqual({ ok: true, filters: {} });
  });

  it('names a term it does not know, or one without a value', () => {
    expect(parseEventQuery('type:x passkey')).toEqual({ ok: false, badTerm: 'passkey' });
    expect(parseEventQuery('method:passkey')).toEqual({ ok: false, badTerm: 'method:passkey' });
    expect(parseEventQuery('user:')).toEqual({ ok: false, badTerm: 'user:' });
  });

  it('writes filters back as text that parses to them', () => {
    const filters = { type: ['sign_in.*'], user_id: 'u', ip: '::1', actor: 'operator' };
    expect(parseEventQuery(formatEventQuery(filters))).toEqual({ ok: true, filters });
  });

  it('starts a range that many days before now; all time has no start', () => {
    const now = new Date('2026-01-08T00:00:00.000Z');
    expect(rangeStart('1', now)).toBe('2026-01-07T00:00:00.000Z');
    expect(rangeStart('all', now)).toBeUndefined();
  });
});
