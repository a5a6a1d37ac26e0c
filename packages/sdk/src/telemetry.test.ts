import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localTimeZone, randomUuid } from './telemetry';
import { createTestClient, PUBLIC_TOKEN, type RecordedRequest } from './test-support/fakes';

describe('telemetry batches (wire-format.md §4.12, SPEC §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const events = (requests: RecordedRequest[]) => requests.filter((r) => r.path === '/events');

  it('logs sdk_instance_instantiated and sends it after 800 ms with only Content-Type', async () => {
    const { client, requests } = createTestClient();
    await vi.advanceTimersByTimeAsync(799);
    expect(events(requests)).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    const [request] = events(requests);
    expect(request?.url).toBe('https://auth.example.com/sdk/v1/events');
    expect(request?.method).toBe('POST');
    expect(request?.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(request?.body).toEqual([
      {
        telemetry: expect.objectContaining({
          sdk: { identifier: 'Gatehouse JavaScript SDK', version: '4.13.1' },
        }),
        event: {
          public_token: PUBLIC_TOKEN,
          event_name: 'sdk_instance_instantiated',
          details: {
            event_callback_registered: false,
            error_callback_registered: false,
            success_callback_registered: false,
          },
        },
      },
    ]);
    client.dispose();
  });

  it('flushes at once when 15 events are queued', async () => {
    const { client, requests } = createTestClient();
    for (let i = 0; i < 14; i++) client.telemetry.logEvent('render_login_screen', { i });
    const [batch] = events(requests);
    expect(batch?.body).toHaveLength(15);
    expect(
      (batch?.body as { event: { event_name: string } }[] | undefined)
        ?.map((e) => e.event.event_name)
        .slice(0, 2),
    ).toEqual(['sdk_instance_instantiated', 'render_login_screen']);
    client.telemetry.logEvent('email_try_again_clicked', { email: 'a@b.c', type: 'login_or_create_eml' });
    expect(events(requests)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(800);
    expect(events(requests)).toHaveLength(2);
    expect(events(requests)[1]?.body).toHaveLength(1);
    client.dispose();
  });

  it('ignores failures of the events endpoint', async () => {
    const { client, requests } = createTestClient({
      routes: { 'POST /events': () => Promise.reject(new TypeError('Failed to fetch')) },
    });
    client.telemetry.logEvent('x', {});
    await vi.advanceTimersByTimeAsync(800);
    expect(events(requests)).toHaveLength(1);
    client.telemetry.logEvent('y', {});
    await vi.advanceTimersByTimeAsync(800);
    expect(events(requests)).toHaveLength(2);
    client.dispose();
  });
});

describe('randomUuid', () => {
  it('uses crypto.randomUUID when present and a v4 fallback otherwise', () => {
    expect(
      randomUuid({
        randomUUID: () => 'fixed',
        getRandomValues: crypto.getRandomValues.bind(crypto),
        subtle: crypto.subtle,
      }),
    ).toBe('fixed');
    const fallback = randomUuid({
      getRandomValues: crypto.getRandomValues.bind(crypto),
      subtle: crypto.subtle,
    });
    expect(fallback).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('localTimeZone (wire-format.md §2.1 timezone)', () => {
  const intl = (timeZone: unknown) => ({
    DateTimeFormat: vi.fn(() => ({ resolvedOptions: () => ({ timeZone }) })),
  });

  it('asks Temporal first and does not build an Intl.DateTimeFormat then (its ICU load costs the first render)', () => {
    const fallback = intl('Europe/Paris');
    expect(localTimeZone({ Temporal: { Now: { timeZoneId: () => 'Asia/Tokyo' } }, Intl: fallback })).toBe(
      'Asia/Tokyo',
    );
    expect(fallback.DateTimeFormat).not.toHaveBeenCalled();
  });

  it('falls back to Intl without Temporal or when it fails, and to UTC when neither answers', () => {
    expect(localTimeZone({ Intl: intl('Europe/Paris') })).toBe('Europe/Paris');
    const throwing = () => {
      throw new Error('no time zone');
    };
    expect(localTimeZone({ Temporal: { Now: { timeZoneId: throwing } }, Intl: intl('America/Lima') })).toBe(
      'America/Lima',
    );
    expect(localTimeZone({ Temporal: { Now: { timeZoneId: () => '' } }, Intl: intl(undefined) })).toBe('UTC');
    expect(localTimeZone({ Intl: { DateTimeFormat: throwing } })).toBe('UTC');
  });

  it('matches the runtime’s own answer by default', () => {
    expect(localTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});
