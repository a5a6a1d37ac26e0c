// Issue 26 item 3 (System): status, version, the database kind and migrations, Redis, the mail and SMS providers,
// the webhook backlog and the counters from GET /system; a check run again on demand; loading and error states, the
// counters' own "off" state; the nav entry for owners and admins only (system:read); axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { SystemHealth } from '../admin-types';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  expectAccessible,
  json,
  meOf,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
} from '../test-support';

const S = STRINGS.system;
const OWNER_WITH_SYSTEM = {
  ...OWNER,
  scopes: [...OWNER.scopes, 'system:read'],
  projects: [{ id: PROJECT_ID, name: 'Main' }],
};

function systemOf(overrides: Partial<SystemHealth> = {}): SystemHealth {
  return {
    status: 'ready',
    version: '0.1.0',
    environment: 'production',
    node_version: 'v20.11.0',
    started_at: '2026-01-08T10:00:00.000Z',
    database: {
      kind: 'postgres',
      status: 'ok',
      migrations: {
        applied: 24,
        known: 24,
        latest_applied: '0023_blocked_users',
        latest: '0023_blocked_users',
        up_to_date: true,
      },
    },
    redis: { configured: true, status: 'ok', rate_limit_store: 'redis' },
    email: { mode: 'provider', target: 'smtp.example.com:587', reachable: true, latency_ms: 12, error: null },
    sms: {
      mode: 'provider',
      target: 'api.twilio.com:443',
      reachable: false,
      latency_ms: null,
      error: 'timeout',
    },
    webhooks: {
      queued: 3,
      failing: 2,
      dead: 1,
      oldest_due_at: '2026-01-08T11:00:00.000Z',
      disabled_endpoints: 1,
    },
    metrics: {
      enabled: true,
      messages_sent: { email: 5, sms: 2 },
      sign_ins: 9,
      failures: 4,
      rate_limited: 3,
      captcha_challenges: 1,
    },
    ...overrides,
  };
}

function standIn() {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, OWNER_WITH_SYSTEM));
  return admin;
}

function healthRows(): string[] {
  return within(screen.getByTestId('system-health'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      Array.from(row.querySelectorAll('th, td'))
        .map((cell) => cell.textContent)
        .join('|'),
    );
}

function figure(testId: string, name: string): string {
  return within(screen.getByTestId(testId)).getByText(name).nextElementSibling?.textContent ?? '';
}

describe('the system screen', () => {
  afterEach(resetDocument);

  it('says it is loading, then shows the health of each part, the backlog and the counters', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/system',
      () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, systemOf()));
        }) as never,
    );
    renderConsole('/system', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release();
    await screen.findByTestId('system-health');
    expect(screen.getByText(S.statuses.ready!)).toBeTruthy();
    expect(screen.getByTestId('system-facts').textContent).toContain('0.1.0');
    expect(healthRows()).toEqual([
      `${S.database}|${S.outcomes.ok}|${S.databaseKinds.postgres}`,
      `${S.migrations}|${S.migrationsValue(24, 24)}|${S.migrationsLatest('0023_blocked_users')}`,
      `${S.redis}|${S.outcomes.ok}|${S.rateLimitStore('redis')}`,
      `${S.email}|${S.outcomes.reachable}|smtp.example.com:587 · ${S.latency(12)}`,
      `${S.sms}|${S.outcomes.unreachable}|api.twilio.com:443 · timeout`,
    ]);
    expect(figure('system-webhooks', S.queued)).toBe('3');
    expect(figure('system-webhooks', S.failing)).toBe('2');
    expect(figure('system-webhooks', S.dead)).toBe('1');
    expect(figure('system-webhooks', S.disabledEndpoints)).toBe('1');
    expect(figure('system-metrics', S.messagesSent('email'))).toBe('5');
    expect(figure('system-metrics', S.signIns)).toBe('9');
    expect(figure('system-metrics', S.rateLimited)).toBe('3');
    await expectAccessible();
  });

  it('shows the embedded database, migrations behind, no Redis, the dev outbox, an empty backlog and counters off', async () => {
    const admin = standIn();
    admin.on(
      'GET',
      '/system',
      json(
        200,
        systemOf({
          status: 'not_ready',
          database: {
            kind: 'pglite',
            status: 'ok',
            migrations: {
              applied: 22,
              known: 24,
              latest_applied: '0021_x',
              latest: '0023_blocked_users',
              up_to_date: false,
            },
          },
          redis: { configured: false, status: 'not_configured', rate_limit_store: 'memory' },
          email: { mode: 'dev_outbox', target: null, reachable: null, latency_ms: null, error: null },
          sms: { mode: 'dev_outbox', target: null, reachable: null, latency_ms: null, error: null },
          webhooks: { queued: 0, failing: 0, dead: 0, oldest_due_at: null, disabled_endpoints: 0 },
          metrics: { enabled: false },
        }),
      ),
    );
    renderConsole('/system', { admin });
    await screen.findByTestId('system-health');
    expect(screen.getByText(S.statuses.not_ready!)).toBeTruthy();
    expect(healthRows()).toEqual([
      `${S.database}|${S.outcomes.ok}|${S.databaseKinds.pglite}`,
      `${S.migrations}|${S.migrationsValue(22, 24)}|${S.migrationsBehind('0023_blocked_users')}`,
      `${S.redis}|${S.outcomes.not_configured}|${S.rateLimitStore('memory')}`,
      `${S.email}|${S.outcomes.outbox}|${S.devOutbox}`,
      `${S.sms}|${S.outcomes.outbox}|${S.devOutbox}`,
    ]);
    expect(screen.getByText(`${S.oldestDue}: ${S.nothingWaiting}`)).toBeTruthy();
    expect(screen.getByText(S.metricsOff)).toBeTruthy();
    expect(screen.queryByTestId('system-metrics')).toBeNull();
    await expectAccessible();
  });

  it('shows a failure with a retry, and checks again on demand', async () => {
    const admin = standIn();
    admin.on('GET', '/system', apiError(503, 'database_unavailable', 'The database does not answer.'));
    renderConsole('/system', { admin });
    expect((await screen.findByRole('alert')).textContent).toContain('The database does not answer.');
    await expectAccessible();
    admin.on('GET', '/system', json(200, systemOf()));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.states.retry }));
    await screen.findByTestId('system-health');
    await userEvent.click(screen.getByRole('button', { name: S.refresh }));
    await waitFor(() => expect(admin.callsTo('GET', '/system')).toHaveLength(3));
  });

  it('has a nav entry only for a role holding system:read; others are refused without a call', async () => {
    const admin = standIn();
    admin.on('GET', '/system', json(200, systemOf()));
    renderConsole('/system', { admin });
    await screen.findByTestId('system-health');
    const nav = screen.getByRole('navigation', { name: STRINGS.shell.nav });
    expect(within(nav).getByRole('link', { name: S.title }).getAttribute('aria-current')).toBe('page');
    resetDocument();

    const viewer = renderConsole('/system', {
      me: {
        ...meOf('viewer', ['users:read', 'stats:read', 'self']),
        projects: [{ id: PROJECT_ID, name: 'Main' }],
      },
    });
    expect(await screen.findByText(STRINGS.states.insufficientScope)).toBeTruthy();
    const viewerNav = screen.getByRole('navigation', { name: STRINGS.shell.nav });
    expect(within(viewerNav).queryByRole('link', { name: S.title })).toBeNull();
    expect(viewer.admin.callsTo('GET', '/system')).toEqual([]);
  });
});
