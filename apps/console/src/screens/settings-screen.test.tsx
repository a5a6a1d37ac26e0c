// Issue 26 item 3 (Projects and settings): loading, error and empty states; where each setting comes from, with
// what the file or the environment sets read-only; a draft, its diff (before → after), publish and cancel; the
// redirect URL checker (the server's answer, against the draft while there is one); roles; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me, ProjectDetail } from '../admin-types';
import { STRINGS } from '../strings';
import {
  apiError,
  createAdminStandIn,
  expectAccessible,
  json,
  OWNER,
  PROJECT_ID,
  renderConsole,
  resetDocument,
  SUPPORT,
  VIEWER,
} from '../test-support';
import { projectFileOf } from './settings-draft';

const S = STRINGS.settings;
const PATH = `/projects/${PROJECT_ID}`;

function projectOf(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: PROJECT_ID,
    name: 'Main',
    is_development: false,
    from_project_file: false,
    public_token_test: 'public-token-test-1',
    public_token_live: 'public-token-live-1',
    allowed_origins: ['https://shop.example.com'],
    allowed_redirect_urls: ['https://shop.example.com/authenticate'],
    enabled_products: ['emailMagicLinks', 'passwords'],
    settings: {
      captcha_settings: { enabled: true, siteKey: 'altcha' },
      sms_daily_limit: null,
      require_second_factor: false,
      password_config: null,
      password_migration_secret_set: false,
    },
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-02T00:00:00Z',
    setting_sources: {
      name: 'console',
      allowed_origins: 'console',
      allowed_redirect_urls: 'console',
      enabled_products: 'console',
      oauth_providers: 'project_file',
      'settings.sms_daily_limit': 'default',
      'settings.require_second_factor': 'environment',
      'settings.captcha_settings': 'default',
      'settings.reauthentication_window_minutes': 'default',
    },
    allowlist: {
      allowed_origins: [{ value: 'https://shop.example.com', source: 'console', stored: true }],
      allowed_redirect_urls: [
        { value: 'https://shop.example.com/authenticate', source: 'console', stored: true },
        { value: 'http://localhost:5173/landing', source: 'project_file', stored: false },
      ],
    },
    oauth_providers: [
      {
        provider: 'github',
        client_id: 'github-client-1',
        callback_url: 'http://localhost:3000/v1/public/oauth/github/callback',
        one_tap: false,
        scopes: null,
        source: 'project_file',
      },
    ],
    setting_defaults: {
      reauthentication_window_minutes: 10,
      sms_daily_limit: null,
      max_link_expiration_minutes: 60,
    },
    server_limits: {
      session_duration_minutes: { default: 30, minimum: 5, maximum: 525600, source: 'default' },
      sms_daily_limit: { value: 1000, source: 'environment' },
    },
    ...overrides,
  };
}

function standIn(me: Me = OWNER, project: ProjectDetail = projectOf()) {
  const admin = createAdminStandIn();
  // Roles without projects:read learn their projects from /me.
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on(
    'GET',
    '/projects',
    json(200, { items: [{ id: PROJECT_ID, name: 'Main', is_development: false }] }),
  );
  admin.on('GET', '/projects/:project', json(200, { project }));
  return admin;
}

async function loaded() {
  return screen.findByRole('heading', { level: 2, name: S.sections.redirects });
}

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('the settings screen', () => {
  afterEach(resetDocument);

  it('says it is loading, then shows every section with where each setting comes from', async () => {
    const admin = standIn();
    let release: () => void = () => undefined;
    admin.on(
      'GET',
      '/projects/:project',
      () =>
        new Promise((resolve) => {
          release = () => resolve(json(200, { project: projectOf() }));
        }) as never,
    );
    renderConsole('/settings', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
    release();
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: S.heading })).toBeTruthy();
    for (const heading of Object.values(S.sections)) expect(section(heading)).toBeTruthy();
    // The redirect URLs: the stored one is the console's (removable); the file's extra is shown with its badge only.
    const redirects = screen.getByTestId('allowlist-redirects');
    expect(redirects.textContent).toContain('https://shop.example.com/authenticate');
    expect(
      within(redirects).getByRole('button', { name: S.remove('https://shop.example.com/authenticate') }),
    ).toBeTruthy();
    expect(redirects.textContent).toContain('http://localhost:5173/landing');
    expect(
      within(redirects).queryByRole('button', { name: S.remove('http://localhost:5173/landing') }),
    ).toBeNull();
    expect(redirects.querySelector('[data-source="project_file"]')).toBeTruthy();
    // A setting from the environment: its badge and its value, no control.
    const secondFactor = section(S.sections.secondFactor);
    expect(within(secondFactor).queryByRole('checkbox')).toBeNull();
    expect(secondFactor.querySelector('[data-source="environment"]')?.textContent).toBe(
      S.sourceLabel(S.sources.environment!),
    );
    expect(secondFactor.textContent).toContain(S.off);
    // A default setting is editable and shows the default the server applies.
    const sessions = section(S.sections.sessions);
    const reauth = within(sessions).getByRole('spinbutton', {
      name: (name) => name.startsWith(S.labels.reauthentication_window_minutes!),
    });
    expect((reauth as HTMLInputElement).value).toBe('10');
    expect(screen.getByTestId('session-limits').textContent).toContain('30 minutes');
    expect(screen.getByTestId('sms-server-limit').textContent).toContain('1000');
    // OAuth: the callback URL with its copy button.
    const providers = screen.getByTestId('oauth-providers');
    expect(providers.textContent).toContain('http://localhost:3000/v1/public/oauth/github/callback');
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void copied.push(text) },
    });
    await userEvent.click(within(providers).getByRole('button', { name: S.copyLabel('github') }));
    expect(copied).toEqual(['http://localhost:3000/v1/public/oauth/github/callback']);
    expect(await within(section(S.sections.oauth)).findByText(S.copied('github'))).toBeTruthy();
    await expectAccessible();
  });

  it('shows the server refusal as an error with a retry, and no provider as an empty state', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project', apiError(404, 'project_not_found', 'No project has this id.'));
    renderConsole('/settings', { admin });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('No project has this id.');
    await expectAccessible();
    admin.on('GET', '/projects/:project', json(200, { project: projectOf({ oauth_providers: [] }) }));
    await userEvent.click(within(alert).getByRole('button', { name: STRINGS.states.retry }));
    await loaded();
    expect(section(S.sections.oauth).textContent).toContain(S.oauthEmpty);
  });

  it('edits make a draft with a diff; publishing sends only what changed, then the draft is gone', async () => {
    const admin = standIn();
    const url = 'https://shop.example.com/welcome';
    admin.on('PATCH', '/projects/:project', (call) =>
      json(200, {
        project: projectOf({
          allowed_redirect_urls: (call.body as { allowed_redirect_urls: string[] }).allowed_redirect_urls,
          settings: { ...projectOf().settings, sms_daily_limit: 25 },
          updated_at: '2026-01-08T12:00:00Z',
        }),
      }),
    );
    renderConsole('/settings', { admin });
    await loaded();
    expect(screen.queryByTestId('draft-bar')).toBeNull();
    await userEvent.type(screen.getByRole('textbox', { name: S.addRedirect }), url);
    await userEvent.click(
      within(screen.getByTestId('allowlist-redirects')).getByRole('button', { name: S.add }),
    );
    const sms = within(section(S.sections.sms)).getByRole('spinbutton', {
      name: (name) => name.startsWith(S.labels.sms_daily_limit!),
    });
    await userEvent.type(sms, '25');
    const bar = screen.getByTestId('draft-bar');
    expect(bar.textContent).toContain(S.draftCount(2));
    await userEvent.click(within(bar).getByRole('button', { name: S.review }));
    const review = screen.getByTestId('review');
    expect(document.activeElement).toBe(within(review).getByRole('heading', { name: S.diffHeading }));
    const rows = within(screen.getByTestId('diff')).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain(S.labels.allowed_redirect_urls);
    expect(rows[1]!.querySelector('ins')?.textContent).toBe(url);
    expect(rows[2]!.textContent).toContain(S.notSet);
    expect(rows[2]!.textContent).toContain('25');
    await expectAccessible();
    expect(admin.callsTo('PATCH', PATH)).toEqual([]);
    await userEvent.click(within(review).getByRole('button', { name: S.publish }));
    await waitFor(() => expect(admin.callsTo('PATCH', PATH)).toHaveLength(1));
    expect(admin.callsTo('PATCH', PATH)[0]!.body).toEqual({
      allowed_redirect_urls: ['https://shop.example.com/authenticate', url],
      settings: { sms_daily_limit: 25 },
    });
    expect((await screen.findByTestId('settings-status')).textContent).toBe(S.published);
    await waitFor(() => expect(screen.queryByTestId('review')).toBeNull());
    expect(screen.queryByTestId('draft-bar')).toBeNull();
    expect(screen.getByTestId('allowlist-redirects').textContent).toContain(url);
  });

  it('Cancel drops the draft; a refused publish says why and keeps the draft', async () => {
    const admin = standIn();
    admin.on(
      'PATCH',
      '/projects/:project',
      apiError(
        400,
        'invalid_admin_request',
        'allowed_origins[1] is "https://x.example.com/path"; allowed: an origin',
      ),
    );
    renderConsole('/settings', { admin });
    await loaded();
    await userEvent.click(screen.getByRole('button', { name: S.remove('https://shop.example.com') }));
    expect(screen.getByTestId('allowlist-origins').textContent).not.toContain('https://shop.example.com');
    await userEvent.click(screen.getByRole('button', { name: S.discardLabel }));
    expect(screen.getByTestId('allowlist-origins').textContent).toContain('https://shop.example.com');
    expect(screen.getByTestId('settings-status').textContent).toBe(S.discarded);
    expect(screen.queryByTestId('draft-bar')).toBeNull();

    await userEvent.type(
      screen.getByRole('textbox', { name: S.addOrigin }),
      'https://x.example.com/path{Enter}',
    );
    await userEvent.click(screen.getByRole('button', { name: S.review }));
    await userEvent.click(screen.getByRole('button', { name: S.publish }));
    expect((await screen.findByRole('alert')).textContent).toContain('allowed: an origin');
    await userEvent.click(screen.getByRole('button', { name: S.keepEditing }));
    expect(screen.getByTestId('allowlist-origins').textContent).toContain('https://x.example.com/path');
  });

  it('the checker asks the server, against the draft while there is one, and shows its reason', async () => {
    const admin = standIn();
    admin.on('POST', '/projects/:project/redirect-url-check', (call) => {
      const body = call.body as { url: string; allowed_redirect_urls?: string[] };
      return json(
        200,
        body.allowed_redirect_urls?.includes(body.url)
          ? {
              allowed: true,
              url: body.url,
              rule: 'exact',
              matched_entry: body.url,
              reason: 'Allowed: it matches.',
            }
          : {
              allowed: false,
              url: null,
              rule: null,
              matched_entry: null,
              reason: 'login_magic_link_url is not one of them.',
            },
      );
    });
    renderConsole('/settings', { admin });
    await loaded();
    const checker = screen.getByTestId('redirect-checker');
    await userEvent.click(within(checker).getByRole('button', { name: S.check }));
    expect(within(checker).getByText(S.emptyUrl)).toBeTruthy();
    expect(admin.callsTo('POST', `${PATH}/redirect-url-check`)).toEqual([]);
    const input = within(checker).getByRole('textbox', { name: S.checkerUrl });
    await userEvent.type(input, 'https://shop.example.com/new');
    await userEvent.click(within(checker).getByRole('button', { name: S.check }));
    const result = screen.getByTestId('checker-result');
    await waitFor(() => expect(result.textContent).toContain(S.refused));
    expect(result.textContent).toContain('login_magic_link_url is not one of them.');
    expect(admin.callsTo('POST', `${PATH}/redirect-url-check`)[0]!.body).toEqual({
      url: 'https://shop.example.com/new',
    });

    await userEvent.type(
      screen.getByRole('textbox', { name: S.addRedirect }),
      'https://shop.example.com/new{Enter}',
    );
    expect(within(checker).getByRole('checkbox', { name: S.checkerAgainstDraft })).toBeTruthy();
    await userEvent.click(within(checker).getByRole('button', { name: S.check }));
    await waitFor(() => expect(result.textContent).toContain(S.allowed));
    expect(admin.callsTo('POST', `${PATH}/redirect-url-check`)[1]!.body).toEqual({
      url: 'https://shop.example.com/new',
      allowed_redirect_urls: ['https://shop.example.com/authenticate', 'https://shop.example.com/new'],
    });
    await expectAccessible();
  });

  it('a project of the project file is read-only with its notice; the download is still there', async () => {
    const project = projectOf({
      from_project_file: true,
      setting_sources: {
        ...projectOf().setting_sources,
        name: 'project_file',
        allowed_origins: 'project_file',
        allowed_redirect_urls: 'project_file',
        enabled_products: 'project_file',
      },
    });
    renderConsole('/settings', { admin: standIn(OWNER, project) });
    await loaded();
    expect(screen.getByTestId('from-file-notice').textContent).toBe(S.fromFile);
    expect(screen.queryByRole('button', { name: /^Remove / })).toBeNull();
    expect(screen.queryByRole('textbox', { name: S.addRedirect })).toBeNull();
    expect(screen.queryByRole('spinbutton')).toBeNull();
    for (const box of within(section(S.sections.products)).getAllByRole('checkbox')) {
      expect((box as HTMLInputElement).disabled).toBe(true);
    }
    const download = screen.getByRole('link', { name: S.download });
    expect(download.getAttribute('download')).toBe('gatehouse-project-main.json');
    const href = download.getAttribute('href')!;
    expect(JSON.parse(decodeURIComponent(href.slice(href.indexOf(',') + 1)))).toEqual(projectFileOf(project));
    await expectAccessible();
  });

  it('a viewer reads without controls; support sees no Settings link and is refused the screen', async () => {
    renderConsole('/settings', { admin: standIn(VIEWER) });
    await loaded();
    expect(screen.getByTestId('read-only-notice').textContent).toBe(S.readOnly);
    expect(screen.queryByRole('textbox', { name: S.addOrigin })).toBeNull();
    expect(screen.getByRole('link', { name: STRINGS.shell.settings })).toBeTruthy();
    // The checker only reads: a viewer (projects:read) may use it.
    expect(screen.getByRole('button', { name: S.check })).toBeTruthy();
    resetDocument();

    const admin = standIn(SUPPORT);
    renderConsole('/settings', { admin });
    expect((await screen.findByRole('alert')).textContent).toBe(STRINGS.states.insufficientScope);
    expect(screen.queryByRole('link', { name: STRINGS.shell.settings })).toBeNull();
    expect(admin.callsTo('GET', PATH)).toEqual([]);
    await expectAccessible();
  });
});
