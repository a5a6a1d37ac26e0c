// Issue 26 item 3 (Security): the figures, rate-limit hits by rule and by rule and IP, the top failing IPs, the
// captcha's counts and current difficulty, breached-password refusals, SMS by country against the limits; the range
// in the URL; loading, empty and error states; the nav entry only for roles that read stats; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecurityStats } from '../admin-types';
import { STRINGS } from '../strings';
import {
  AUDITOR,
  apiError,
  createAdminStandIn,
  expectAccessible,
  json,
  NOW,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
  SUPPORT,
} from '../test-support';

const PATH = `/projects/${PROJECT_ID}/security`;
const STEPS = [
  { from_challenges: 0, max_counter: 20_000 },
  { from_challenges: 5, max_counter: 50_000 },
  { from_challenges: 10, max_counter: 100_000 },
];

function securityOf(overrides: Partial<SecurityStats> = {}): SecurityStats {
  return {
    from: '2025-12-09T12:00:00.000Z',
    to: NOW.toISOString(),
    rate_limits: {
      total: 5,
      by_rule: [
        { rule: 'passwordAttemptsPerIp', total: 4 },
        { rule: 'otpSendsPerIp', total: 1 },
      ],
      by_rule_and_ip: [
        { rule: 'passwordAttemptsPerIp', ip_address: '203.0.113.7', total: 4 },
        { rule: 'otpSendsPerIp', ip_address: null, total: 1 },
      ],
    },
    captcha: {
      enabled: true,
      issued: 6,
      solved: 4,
      failed: 1,
      required: 7,
      by_action: [{ action: '/passwords/authenticate', issued: 6, solved: 4, failed: 1, required: 7 }],
      latest_max_counter: 50_000,
      peak_max_counter: 100_000,
      difficulty_steps: STEPS,
    },
    breached_passwords: { total: 3 },
    failing_ips: [
      {
        ip_address: '203.0.113.7',
        total: 9,
        reasons: [
          { reason: 'wrong_password', total: 8 },
          { reason: 'breached_password', total: 1 },
        ],
      },
    ],
    sms: {
      total: 12,
      by_country: [
        { country: 'GB', sms: 9, whatsapp: 1, total: 10, allowed: true },
        { country: 'US', sms: 2, whatsapp: 0, total: 2, allowed: false },
      ],
      daily_limit: 40,
      daily_limit_source: 'project',
      sent_today: 7,
      window_ends_at: '2026-01-09T00:00:00.000Z',
      allowed_countries: ['GB'],
    },
    ...overrides,
  };
}

const EMPTY = securityOf({
  rate_limits: { total: 0, by_rule: [], by_rule_and_ip: [] },
  captcha: {
    enabled: false,
    issued: 0,
    solved: 0,
    failed: 0,
    required: 0,
    by_action: [],
    latest_max_counter: null,
    peak_max_counter: null,
    difficulty_steps: STEPS,
  },
  breached_passwords: { total: 0 },
  failing_ips: [],
  sms: {
    total: 0,
    by_country: [],
    daily_limit: 1000,
    daily_limit_source: 'server',
    sent_today: 0,
    window_ends_at: '2026-01-09T00:00:00.000Z',
    allowed_countries: null,
  },
});

function standIn() {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...OWNER, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  return admin;
}

function figure(name: string): string {
  const term = within(screen.getByTestId('security-figures')).getByText(name);
  return term.nextElementSibling?.textContent ?? '';
}

function rows(testId: string): string[] {
  return within(screen.getByTestId(testId))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'))
        .map((cell) => cell.textContent)
        .join('|'),
    );
}

describe('the security screen', () => {
  afterEach(resetDocument);

  it('says it is loading, then shows every section from the server’s counts', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/projects/:project/security',
      () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, securityOf()));
        }) as never,
    );
    renderConsole('/security', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release();
    await screen.findByTestId('security-figures');
    expect(figure(STRINGS.security.rateLimitHits)).toBe('5');
    expect(figure(STRINGS.security.captchaSolved)).toBe('4');
    expect(figure(STRINGS.security.breachedPasswords)).toBe('3');
    expect(figure(STRINGS.security.smsSent)).toBe('12');
    expect(rows('rate-limits-by-rule')).toEqual(['passwordAttemptsPerIp|4', 'otpSendsPerIp|1']);
    expect(rows('rate-limits-by-ip')).toEqual([
      'passwordAttemptsPerIp|203.0.113.7|4',
      `otpSendsPerIp|${STRINGS.security.unknownIp}|1`,
    ]);
    const failing = screen.getByRole('region', { name: STRINGS.security.failingHeading });
    expect(within(failing).getAllByRole('row')[1]!.textContent).toContain('203.0.113.7');
    expect(failing.textContent).toContain('wrong_password × 8, breached_password × 1');
    expect(rows('captcha-by-action')).toEqual(['/passwords/authenticate|6|4|1|7']);
    expect(screen.getByTestId('captcha-difficulty').textContent).toBe(
      STRINGS.security.difficultyValue(50_000, 2, 3),
    );
    expect(screen.getByText(STRINGS.security.captchaOn)).toBeTruthy();
    expect(screen.getByText(STRINGS.security.breachedBody(3))).toBeTruthy();
    expect(screen.getByTestId('sms-today').textContent).toContain(STRINGS.security.smsTodayValue(7, 40));
    expect(screen.getByTestId('sms-today').textContent).toContain(STRINGS.security.smsLimitSource.project);
    const countries = rows('sms-by-country');
    expect(countries[0]).toMatch(/\(GB\)\|9\|1\|10\|Yes$|^GB\|9\|1\|10\|Yes$/);
    expect(countries[1]).toMatch(/US\)?\|2\|0\|2\|No$/);
    const query = admin.callsTo('GET', PATH)[0]!.query;
    expect(query.get('to')).toBe(NOW.toISOString());
    expect(query.get('from')).toBe(new Date(NOW.getTime() - 30 * 86_400_000).toISOString());
    await expectAccessible();
  });

  it('says so for each section when the range holds nothing', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/security', json(200, EMPTY));
    renderConsole('/security', { admin });
    expect(await screen.findByText(STRINGS.security.rateLimitsEmpty)).toBeTruthy();
    expect(screen.getByText(STRINGS.security.failingEmpty)).toBeTruthy();
    expect(screen.getByText(STRINGS.security.captchaEmpty)).toBeTruthy();
    expect(screen.getByText(STRINGS.security.smsEmpty)).toBeTruthy();
    expect(screen.getByText(STRINGS.security.captchaOff)).toBeTruthy();
    expect(screen.getByTestId('captcha-difficulty').textContent).toBe(STRINGS.security.difficultyNone);
    expect(screen.getByText(STRINGS.security.smsAllowedAll)).toBeTruthy();
    expect(screen.queryByTestId('rate-limits-by-rule')).toBeNull();
    await expectAccessible();
  });

  it('shows a failure with a retry', async () => {
    const admin = standIn();
    admin.on(
      'GET',
      '/projects/:project/security',
      apiError(400, 'invalid_admin_request', 'At most 400 days.'),
    );
    renderConsole('/security', { admin });
    expect((await screen.findByRole('alert')).textContent).toContain('At most 400 days.');
    await expectAccessible();
    admin.on('GET', '/projects/:project/security', json(200, securityOf()));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.states.retry }));
    expect(await screen.findByTestId('security-figures')).toBeTruthy();
  });

  it('the range asks for that many days and is kept in the URL', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project/security', json(200, securityOf()));
    const { location } = renderConsole('/security', { admin });
    await screen.findByTestId('security-figures');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: STRINGS.security.range }), '7');
    await waitFor(() => expect(admin.callsTo('GET', PATH)).toHaveLength(2));
    expect(admin.callsTo('GET', PATH)[1]!.query.get('from')).toBe(
      new Date(NOW.getTime() - 7 * 86_400_000).toISOString(),
    );
    expect(location().search).toEqual({ range: '7' });
  });

  it('a support operator reads it; an auditor has no entry and is refused without a call', async () => {
    const support = renderConsole('/security', {
      me: { ...SUPPORT, projects: [{ id: PROJECT_ID, name: 'Main' }] },
    });
    support.admin.on('GET', '/projects/:project/security', json(200, securityOf()));
    await screen.findByTestId('security-figures');
    const nav = screen.getByRole('navigation', { name: STRINGS.shell.nav });
    expect(within(nav).getByRole('link', { name: STRINGS.security.title })).toBeTruthy();
    resetDocument();

    const auditor = renderConsole('/security', {
      me: { ...AUDITOR, projects: [{ id: PROJECT_ID, name: 'Main' }] },
    });
    expect(await screen.findByText(STRINGS.states.insufficientScope)).toBeTruthy();
    const auditorNav = screen.getByRole('navigation', { name: STRINGS.shell.nav });
    expect(within(auditorNav).queryByRole('link', { name: STRINGS.security.title })).toBeNull();
    expect(auditor.admin.callsTo('GET', PATH)).toEqual([]);
  });
});
