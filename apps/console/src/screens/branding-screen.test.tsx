/**
 * The preview renders into a same-origin iframe (branding-preview.tsx); happy-dom gives it a document only with
 * iframe page loading on.
 * @vitest-environment-options {"settings":{"enableIframePageLoading":true}}
 */
// Issue 26 "Branding": the editor of the theme keys over a draft, the live preview of the real widget (its custom
// properties follow the draft as it is typed), its three modes, light and dark, 400 and 320 px; publish as one PATCH
// of settings.theme; reset to default, discard, invalid values; loading, error and read-only states; axe.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Me } from '../admin-types';
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
  VIEWER,
} from '../test-support';
import { createPreviewClient, PreviewOnlyError } from './branding-preview-client';

const PROJECT_PATH = `/projects/${PROJECT_ID}`;

function projectOf(settings: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    project: {
      id: PROJECT_ID,
      name: 'Main',
      is_development: false,
      from_project_file: false,
      settings: { disable_sdk_watermark: false, ...settings },
      updated_at: '2026-01-07T00:00:00Z',
      ...extra,
    },
  };
}

function standIn(me: Me = OWNER, project = projectOf({ theme: { colors: { primary: '#19303D' } } })) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, me));
  admin.on('GET', '/projects', json(200, { items: [{ id: PROJECT_ID, name: 'Main' }] }));
  admin.on('GET', '/projects/:project', json(200, project));
  return admin;
}

/** The preview's iframe. */
const previewFrame = () => screen.getByTestId('branding-preview-frame') as HTMLIFrameElement;

/** The preview's widget root, inside its shadow root, inside the preview's iframe. */
async function previewRoot(): Promise<HTMLElement> {
  let root: HTMLElement | null = null;
  await waitFor(() => {
    const host = previewFrame().contentDocument?.querySelector('[data-gatehouse-shadow-host]');
    root = host?.shadowRoot?.querySelector<HTMLElement>('[data-gatehouse-widget]') ?? null;
    expect(root).not.toBeNull();
  });
  return root!;
}

const field = (path: string) => screen.getByLabelText(STRINGS.branding.fields[path]!, { selector: 'input' });

describe('the branding screen', () => {
  afterEach(resetDocument);

  it('says it is loading while the project is on its way', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project', 'pending');
    renderConsole('/branding', { admin });
    expect(await screen.findByText(STRINGS.states.loading)).toBeTruthy();
    await expectAccessible();
  });

  it('edits the draft, the preview follows it, and Publish sends the theme once', async () => {
    const admin = standIn();
    admin.on('PATCH', '/projects/:project', (call) =>
      json(200, projectOf({ theme: (call.body as { settings: { theme: unknown } }).settings.theme })),
    );
    renderConsole('/branding', { admin });
    const primary = (await screen.findByLabelText(STRINGS.branding.fields['colors.primary']!, {
      selector: 'input',
    })) as HTMLInputElement;
    expect(primary.value).toBe('#19303D');
    expect((await previewRoot()).style.getPropertyValue('--gh-color-primary')).toBe('#19303D');
    expect(screen.getByTestId('draft-state').textContent).toBe(STRINGS.branding.upToDate);
    const publish = screen.getByRole('button', { name: STRINGS.branding.publish });
    expect((publish as HTMLButtonElement).disabled).toBe(true);
    await expectAccessible();

    await userEvent.clear(primary);
    await userEvent.type(primary, '#0A6E3C');
    await userEvent.type(field('container.width'), '320px');
    await userEvent.click(field('hideHeaderText'));
    const root = await previewRoot();
    expect(root.style.getPropertyValue('--gh-color-primary')).toBe('#0A6E3C');
    expect(root.style.getPropertyValue('--gh-container-width')).toBe('320px');
    // The colour picker shows the typed colour.
    const picker = screen.getByLabelText(STRINGS.branding.picker(STRINGS.branding.fields['colors.primary']!));
    expect((picker as HTMLInputElement).value).toBe('#0a6e3c');
    expect(screen.getByTestId('draft-state').textContent).toBe(STRINGS.branding.unpublished);
    // Nothing is sent until Publish.
    expect(admin.callsTo('PATCH', PROJECT_PATH)).toHaveLength(0);

    await userEvent.click(publish);
    expect(await screen.findByText(STRINGS.branding.published)).toBeTruthy();
    const calls = admin.callsTo('PATCH', PROJECT_PATH);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      settings: {
        theme: { colors: { primary: '#0A6E3C' }, container: { width: '320px' }, hideHeaderText: true },
      },
    });
    expect(screen.getByTestId('draft-state').textContent).toBe(STRINGS.branding.upToDate);
    await expectAccessible();
    // Typing into many fields and rendering the real widget three times: 16 s once on a machine at load 15.
  }, 40_000);

  it('the colour picker writes the text, a reset returns a key to its default, Reset all empties the draft', async () => {
    const admin = standIn();
    admin.on('PATCH', '/projects/:project', json(200, projectOf()));
    renderConsole('/branding', { admin });
    const label = STRINGS.branding.fields['colors.error']!;
    const picker = (await screen.findByLabelText(STRINGS.branding.picker(label))) as HTMLInputElement;
    // A native colour input: its input event carries the chosen colour.
    fireEvent.input(picker, { target: { value: '#aa0000' } });
    expect((field('colors.error') as HTMLInputElement).value).toBe('#AA0000');
    expect((await previewRoot()).style.getPropertyValue('--gh-color-error')).toBe('#AA0000');

    await userEvent.click(screen.getByRole('button', { name: STRINGS.branding.resetLabel(label) }));
    expect((field('colors.error') as HTMLInputElement).value).toBe('');
    expect((await previewRoot()).style.getPropertyValue('--gh-color-error')).toBe('');

    await userEvent.click(screen.getByRole('button', { name: STRINGS.branding.resetAll }));
    expect((field('colors.primary') as HTMLInputElement).value).toBe('');
    expect((await previewRoot()).style.getPropertyValue('--gh-color-primary')).toBe('');
    // Publishing an empty draft removes the theme (null), the widget's defaults again.
    await userEvent.click(screen.getByRole('button', { name: STRINGS.branding.publish }));
    await screen.findByText(STRINGS.branding.published);
    expect(admin.callsTo('PATCH', PROJECT_PATH)[0]!.body).toEqual({ settings: { theme: null } });
  });

  it('refuses an invalid value at the field, keeps it out of the preview, and Discard returns to the published theme', async () => {
    renderConsole('/branding', { admin: standIn() });
    const width = await screen.findByLabelText(STRINGS.branding.fields['container.width']!, {
      selector: 'input',
    });
    await userEvent.type(width, '100vw');
    expect(width.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(STRINGS.branding.invalid.length!)).toBeTruthy();
    expect(screen.getByTestId('draft-invalid').textContent).toBe(STRINGS.branding.fixErrors(1));
    expect(
      (screen.getByRole('button', { name: STRINGS.branding.publish }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect((await previewRoot()).style.getPropertyValue('--gh-container-width')).toBe('');
    await expectAccessible();
    await userEvent.click(screen.getByRole('button', { name: STRINGS.branding.discard }));
    expect((width as HTMLInputElement).value).toBe('');
    expect(screen.queryByTestId('draft-invalid')).toBeNull();
  });

  it('shows every mode, light and dark, 400 and 320 px', async () => {
    renderConsole('/branding', { admin: standIn() });
    expect((await previewRoot()).dataset.gatehouseWidget).toBe('login');
    const stage = screen.getByTestId('branding-preview');
    const frame = previewFrame();
    expect(frame.style.width).toBe('400px');
    // The widget is in the frame's document, not the console's: its media queries read the frame's width.
    expect(stage.querySelector('[data-gatehouse-shadow-host]')).toBeNull();
    expect(frame.getAttribute('title')).toBe(stage.getAttribute('aria-label'));

    await userEvent.click(screen.getByRole('radio', { name: STRINGS.branding.modes['reset-password'] }));
    await waitFor(async () => expect((await previewRoot()).dataset.gatehouseWidget).toBe('reset-password'));
    await userEvent.click(
      screen.getByRole('radio', { name: STRINGS.branding.modes['passkey-registration'] }),
    );
    await waitFor(async () =>
      expect((await previewRoot()).dataset.gatehouseWidget).toBe('passkey-registration'),
    );
    // The draft still paints the other modes.
    expect((await previewRoot()).style.getPropertyValue('--gh-color-primary')).toBe('#19303D');

    await userEvent.click(screen.getByRole('radio', { name: STRINGS.branding.schemes.dark }));
    expect((await previewRoot()).dataset.colorScheme).toBe('dark');
    expect(stage.dataset.scheme).toBe('dark');
    await userEvent.click(screen.getByRole('radio', { name: STRINGS.branding.widths['320']! }));
    expect(frame.style.width).toBe('320px');
    expect(stage.getAttribute('aria-label')).toBe(
      STRINGS.branding.previewLabel(
        STRINGS.branding.modes['passkey-registration'],
        STRINGS.branding.schemes.dark,
        STRINGS.branding.widths['320']!,
      ),
    );
    await expectAccessible();
  });

  it('shows a failure with a retry', async () => {
    const admin = standIn();
    admin.on('GET', '/projects/:project', apiError(404, 'project_not_found', 'No such project.'));
    renderConsole('/branding', { admin });
    expect((await screen.findByRole('alert')).textContent).toContain('No such project.');
    await expectAccessible();
    admin.on('GET', '/projects/:project', json(200, projectOf()));
    await userEvent.click(screen.getByRole('button', { name: STRINGS.states.retry }));
    expect(await screen.findByTestId('branding-preview')).toBeTruthy();
  });

  it('shows a refused publish where the buttons are', async () => {
    const admin = standIn();
    admin.on(
      'PATCH',
      '/projects/:project',
      apiError(400, 'invalid_admin_request', 'settings.theme is wrong'),
    );
    renderConsole('/branding', { admin });
    await userEvent.type(
      await screen.findByLabelText(STRINGS.branding.fields.fontFamily!, { selector: 'input' }),
      'Georgia',
    );
    await userEvent.click(screen.getByRole('button', { name: STRINGS.branding.publish }));
    expect((await screen.findByRole('alert')).textContent).toContain('settings.theme is wrong');
    expect(screen.getByTestId('draft-state').textContent).toBe(STRINGS.branding.unpublished);
  });

  it('is read-only for a project-file project and for a role without projects:write', async () => {
    renderConsole('/branding', {
      admin: standIn(OWNER, projectOf({}, { from_project_file: true })),
    });
    expect(await screen.findByText(STRINGS.branding.readOnlyFile)).toBeTruthy();
    expect(screen.getByText(STRINGS.branding.fromProjectFile)).toBeTruthy();
    expect((field('colors.primary') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: STRINGS.branding.publish })).toBeNull();
    // The preview still works.
    await previewRoot();
    await expectAccessible();
    resetDocument();

    renderConsole('/branding', { admin: standIn(VIEWER) });
    expect(await screen.findByText(STRINGS.branding.readOnlyScope)).toBeTruthy();
    expect((field('colors.primary') as HTMLInputElement).disabled).toBe(true);
    expect(screen.queryByRole('button', { name: STRINGS.branding.publish })).toBeNull();
    const nav = screen.getByRole('navigation', { name: STRINGS.shell.nav });
    expect(within(nav).getByRole('link', { name: STRINGS.branding.nav })).toBeTruthy();
  });
});

describe('the preview client', () => {
  it('sends nothing: every action is refused at once with the preview’s message', async () => {
    const client = createPreviewClient({ displayWatermark: true });
    expect(client.bootstrap.getSync().displayWatermark).toBe(true);
    await expect(client.magicLinks.email.loginOrCreate('ada@example.com', {})).rejects.toBeInstanceOf(
      PreviewOnlyError,
    );
    await expect(client.otps.sms.loginOrCreate('+14155550100', { expiration_minutes: 10 })).rejects.toThrow(
      STRINGS.branding.previewSendsNothing,
    );
    await expect(client.oauth.google.start({})).rejects.toBeInstanceOf(PreviewOnlyError);
    await expect(client.webauthn.register({ is_passkey: true })).rejects.toBeInstanceOf(PreviewOnlyError);
    expect(await client.webauthn.browserSupportsAutofill()).toBe(false);
  });
});
