// Issue 26 item 3 (Security) through the admin API: rate-limit hits by rule and by rule and IP, the captcha's issued /
// solved / failed / required counts with the newest and hardest challenge's work, breached-password refusals, the top
// failing IPs with their reasons, SMS spend by country against the allowlist and today's counter against the daily
// ceiling — counted from events written at chosen times, only the project's own and only inside [from, to); a bounded
// range; 403 without stats:read. Every database kind.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { projects } from '../../infra/db/schema';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { type EventPayloads, type EventType, recordEvent } from '../audit';
import { createProject } from '../projects/project-service';
import { maskPersonalData } from './admin-masking';

const DAY = Date.parse('2030-03-01T00:00:00.000Z');
const HOUR_MS = 3_600_000;
const RANGE = '?from=2030-03-01T00:00:00Z&to=2030-03-04T00:00:00Z';

interface Security {
  rate_limits: {
    total: number;
    by_rule: Array<{ rule: string; total: number }>;
    by_rule_and_ip: Array<{ rule: string; ip_address: string | null; total: number }>;
  };
  captcha: Record<string, unknown> & { by_action: unknown[]; difficulty_steps: unknown[] };
  breached_passwords: { total: number };
  failing_ips: Array<{
    ip_address: string;
    total: number;
    reasons: Array<{ reason: string; total: number }>;
  }>;
  sms: {
    total: number;
    by_country: Array<Record<string, unknown>>;
    daily_limit: number;
    daily_limit_source: string;
    sent_today: number | null;
    allowed_countries: string[] | null;
  };
}

describe.each(testDatabaseKinds())('admin API security on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  /** An event of the current project `hours` after 2030-03-01T00:00Z, from `ip`. */
  const record = <T extends EventType>(
    hours: number,
    type: T,
    payload: EventPayloads[T],
    ip: string | null = '203.0.113.7',
    projectId = t.project.id,
  ) =>
    recordEvent(
      t.ctx.db,
      {
        projectId,
        type,
        actor: { type: 'anonymous' },
        subjectUserId: null,
        request: ip === null ? null : { ip, userAgent: 'test' },
        payload,
      },
      new Date(DAY + hours * HOUR_MS),
    );
  const call = (query: string, key?: string) =>
    adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/security${query}`,
      ...(key === undefined ? {} : { key }),
    });
  const read = async (query: string): Promise<Security> => {
    const response = await call(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Security;
  };

  it('counts rate-limit hits by rule and by rule and IP, most first', async () => {
    await record(1, 'rate_limit.hit', { rule: 'otpSendsPerIp' }, '203.0.113.7');
    await record(2, 'rate_limit.hit', { rule: 'otpSendsPerIp' }, '203.0.113.7');
    await record(3, 'rate_limit.hit', { rule: 'otpSendsPerIp' }, '198.51.100.2');
    await record(4, 'rate_limit.hit', { rule: 'passwordAttemptsPerIp' }, '198.51.100.2');
    // Outside the range, and another project's: not counted.
    await record(72, 'rate_limit.hit', { rule: 'otpSendsPerIp' });
    const other = await createProject(t.ctx, {
      name: 'Other',
      allowedOrigins: [],
      allowedRedirectUrls: [],
      enabledProducts: [],
    });
    await record(1, 'rate_limit.hit', { rule: 'otpSendsPerIp' }, '203.0.113.7', other.project.id);

    const { rate_limits } = await read(RANGE);
    expect(rate_limits).toEqual({
      total: 4,
      by_rule: [
        { rule: 'otpSendsPerIp', total: 3 },
        { rule: 'passwordAttemptsPerIp', total: 1 },
      ],
      by_rule_and_ip: [
        { rule: 'otpSendsPerIp', ip_address: '203.0.113.7', total: 2 },
        { rule: 'otpSendsPerIp', ip_address: '198.51.100.2', total: 1 },
        { rule: 'passwordAttemptsPerIp', ip_address: '198.51.100.2', total: 1 },
      ],
    });
  });

  it('counts the captcha issued, solved, failed and required by action, with the newest and hardest work', async () => {
    const action = '/otps/authenticate';
    await record(1, 'captcha.issued', { action, max_counter: 20_000 });
    await record(2, 'captcha.issued', { action, max_counter: 100_000 });
    await record(3, 'captcha.issued', { action: '/passwords', max_counter: 50_000 });
    await record(4, 'captcha.solved', { action });
    await record(5, 'captcha.required', { action, reason: 'missing' });
    await record(6, 'captcha.required', { action, reason: 'forged' });
    await record(7, 'captcha.required', { action: '/passwords', reason: 'replayed' });
    // Recorded before reasons were: asked to solve one.
    await record(8, 'captcha.required', { action: '/passwords' });

    const { captcha } = await read(RANGE);
    expect(captcha).toMatchObject({
      enabled: expect.any(Boolean),
      issued: 3,
      solved: 1,
      failed: 2,
      required: 2,
      latest_max_counter: 50_000,
      peak_max_counter: 100_000,
      by_action: [
        { action: '/otps/authenticate', issued: 2, solved: 1, failed: 1, required: 1 },
        { action: '/passwords', issued: 1, solved: 0, failed: 1, required: 1 },
      ],
    });
    expect(captcha.difficulty_steps[0]).toEqual({ from_challenges: 0, max_counter: 20_000 });
  });

  it('counts breached-password refusals and ranks the failing IPs with their reasons', async () => {
    const failed = (hours: number, reason: string, ip: string) =>
      record(hours, 'sign_in.failed', { method: 'password', reason }, ip);
    await failed(1, 'wrong_password', '203.0.113.7');
    await failed(2, 'wrong_password', '203.0.113.7');
    await failed(3, 'breached_password', '203.0.113.7');
    await failed(4, 'unknown_user', '198.51.100.2');
    await record(5, 'sign_in.failed', { method: 'otp', reason: 'wrong_code' }, null);

    const result = await read(RANGE);
    expect(result.breached_passwords).toEqual({ total: 1 });
    expect(result.failing_ips).toEqual([
      {
        ip_address: '203.0.113.7',
        total: 3,
        reasons: [
          { reason: 'wrong_password', total: 2 },
          { reason: 'breached_password', total: 1 },
        ],
      },
      { ip_address: '198.51.100.2', total: 1, reasons: [{ reason: 'unknown_user', total: 1 }] },
    ]);
  });

  it("counts SMS by country against the project's allowlist, and today's sends against its daily ceiling", async () => {
    await record(1, 'message.sent', { channel: 'sms', country: 'GB' });
    await record(2, 'message.sent', { channel: 'sms', country: 'GB' });
    await record(3, 'message.sent', { channel: 'whatsapp', country: 'GB' });
    await record(4, 'message.sent', { channel: 'sms', country: 'US' });
    await record(5, 'message.sent', { channel: 'sms', country: null });

    const unlimited = (await read(RANGE)).sms;
    expect(unlimited).toMatchObject({
      total: 5,
      by_country: [
        { country: 'GB', sms: 2, whatsapp: 1, total: 3, allowed: true },
        { country: null, sms: 1, whatsapp: 0, total: 1, allowed: true },
        { country: 'US', sms: 1, whatsapp: 0, total: 1, allowed: true },
      ],
      daily_limit: t.ctx.limits.settings.paidSendsPerProject.points,
      daily_limit_source: 'server',
      sent_today: 0,
      allowed_countries: null,
    });

    await t.ctx.db
      .update(projects)
      .set({ settings: { ...t.project.settings, sms_daily_limit: 40, sms_allowed_countries: ['GB'] } })
      .where(eq(projects.id, t.project.id));
    const check = { limit: 'paidSendsPerProject', kind: 'project', key: t.project.id } as const;
    await t.ctx.limits.consume(check, 'spent');
    await t.ctx.limits.consume(check, 'spent');
    const limited = (await read(RANGE)).sms;
    expect(limited).toMatchObject({
      daily_limit: 40,
      daily_limit_source: 'project',
      sent_today: 2,
      allowed_countries: ['GB'],
    });
    expect(limited.by_country.map((entry) => [entry.country, entry.allowed])).toEqual([
      ['GB', true],
      [null, false],
      ['US', false],
    ]);
  });

  it('answers an empty range with zeros, defaults to 30 days and refuses a reversed or too long range', async () => {
    const empty = await read('');
    expect(empty).toMatchObject({
      rate_limits: { total: 0, by_rule: [], by_rule_and_ip: [] },
      captcha: {
        issued: 0,
        solved: 0,
        failed: 0,
        required: 0,
        latest_max_counter: null,
        peak_max_counter: null,
      },
      breached_passwords: { total: 0 },
      failing_ips: [],
      sms: { total: 0, by_country: [] },
    });
    for (const query of [
      '?from=2030-03-02T00:00:00Z&to=2030-03-01T00:00:00Z',
      '?from=2029-01-01T00:00:00Z&to=2030-02-05T00:00:01Z',
      '?from=yesterday',
      '?interval=day',
    ]) {
      expect((await call(query)).statusCode, query).toBe(400);
    }
  });

  it("a viewer's answer has the IP addresses masked (admin-masking.ts masks by field name)", async () => {
    await record(1, 'rate_limit.hit', { rule: 'otpSendsPerIp' }, '203.0.113.7');
    await record(2, 'sign_in.failed', { method: 'password', reason: 'wrong_password' }, '198.51.100.2');
    const masked = maskPersonalData(await read(RANGE)) as Security;
    expect(masked.rate_limits.by_rule_and_ip).toEqual([
      { rule: 'otpSendsPerIp', ip_address: '203.0.*.*', total: 1 },
    ]);
    expect(masked.failing_ips.map((entry) => entry.ip_address)).toEqual(['198.51.*.*']);
  });

  it('needs stats:read: 403 with events:read only (an auditor reads the logs only), 401 without a key', async () => {
    const made = await adminCall(t.app, {
      method: 'POST',
      path: '/api-keys',
      body: { name: 'events', scopes: ['events:read'] },
    });
    const refused = await call('', (made.json() as { key: string }).key);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error_type: 'insufficient_scope' });
    const anonymous = await adminCall(t.app, {
      method: 'GET',
      path: `/projects/${t.project.id}/security`,
      key: null,
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
