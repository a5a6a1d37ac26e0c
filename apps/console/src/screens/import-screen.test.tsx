// Issue 26 (Import and export): the file and its format, the dry run first (nothing written) with its per-row report —
// would be imported, already imported, skipped rows with why, dropped fields with why — then the import of the same
// text with an indeterminate progress and the row count (the route answers only at the end), and its report; a file
// too large or missing refused before any call; a failing call said; the export of the filtered users (a recent
// sign-in confirmed with the passkey); each part only for its scope; axe.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportSummary } from '../admin-types';
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
import { IMPORT_FILE_LIMIT } from './import-screen';

const S = STRINGS.importExport;
const ADMIN = meOf('admin', [...OWNER.scopes, 'imports:write', 'users:export']);
const IMPORTS = `/projects/${PROJECT_ID}/imports`;
const FILE_TEXT = '{"user_id":"user-1"}\n{"user_id":"user-2"}\n{"user_id":"user-3"}\n{"oops"\n';

const DRY: ImportSummary = {
  imported: 2,
  already_imported: 1,
  skipped: [{ row: 4, external_id: null, reason: 'invalid_row', message: 'Row 4 is not JSON.' }],
  dropped: [
    {
      row: 1,
      external_id: 'user-1',
      fields: [{ field: 'providers[0]', reason: 'Gatehouse has no "apple" OAuth provider.' }],
    },
  ],
};

function standIn(me = ADMIN) {
  const admin = createAdminStandIn();
  admin.on('GET', '/me', json(200, { ...me, projects: [{ id: PROJECT_ID, name: 'Main' }] }));
  return admin;
}

function file(text = FILE_TEXT, name = 'users.jsonl'): File {
  return new File([text], name, { type: 'application/jsonl' });
}

describe('the import and export screen', () => {
  afterEach(() => {
    resetDocument();
    vi.restoreAllMocks();
  });

  it('runs a dry run first with its per-row report, then imports the same text with an honest progress', async () => {
    const admin = standIn();
    let finish: (summary: ImportSummary) => void = () => undefined;
    admin.on('POST', '/projects/:project/imports', (call) =>
      (call.body as { dry_run: boolean }).dry_run
        ? json(200, DRY)
        : (new Promise((resolve) => {
            finish = (summary) => resolve(json(200, summary));
          }) as never),
    );
    renderConsole('/import', { admin });
    const section = await screen.findByTestId('import');
    expect(section.dataset.state).toBe('choosing');
    await expectAccessible();
    // Nothing is sent without a file.
    await userEvent.click(screen.getByRole('button', { name: S.dryRun }));
    expect(await screen.findByText(S.fileRequired)).toBeTruthy();
    expect(admin.callsTo('POST', IMPORTS)).toHaveLength(0);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: S.format }), 'gatehouse');
    await userEvent.upload(screen.getByLabelText(S.file), file());
    await userEvent.click(screen.getByRole('button', { name: S.dryRun }));
    const report = await screen.findByTestId('dry-run-report');
    expect(admin.callsTo('POST', IMPORTS)[0]!.body).toEqual({
      from: 'gatehouse',
      data: FILE_TEXT,
      dry_run: true,
    });
    expect(report.textContent).toContain(S.dryRunHeading);
    expect(within(report).getByTestId('import-count').textContent).toBe('2');
    const skipped = within(within(report).getByTestId('dry-run-skipped')).getAllByRole('row');
    expect(skipped[1]!.textContent).toContain('invalid_row');
    expect(skipped[1]!.textContent).toContain('Row 4 is not JSON.');
    const dropped = within(within(report).getByTestId('dry-run-dropped')).getAllByRole('row');
    expect(dropped[1]!.textContent).toContain('providers[0]');
    expect(dropped[1]!.textContent).toContain('Gatehouse has no "apple" OAuth provider.');
    expect(section.dataset.state).toBe('checked');
    await expectAccessible();

    // 2 to import + 1 already + 1 skipped: the file's 4 rows.
    await userEvent.click(screen.getByRole('button', { name: S.importButton(4) }));
    const progress = await screen.findByTestId('import-progress');
    expect(progress.querySelector('progress')!.hasAttribute('value')).toBe(false);
    expect(progress.textContent).toContain(S.importing(4));
    expect(section.dataset.state).toBe('importing');
    expect(admin.callsTo('POST', IMPORTS)[1]!.body).toEqual({
      from: 'gatehouse',
      data: FILE_TEXT,
      dry_run: false,
    });
    await expectAccessible();
    finish({ ...DRY, imported: 2 });
    const done = await screen.findByTestId('import-report');
    expect(done.textContent).toContain(S.importedHeading);
    expect(within(done).getByTestId('import-count').textContent).toBe('2');
    expect(section.dataset.state).toBe('imported');
    expect(screen.queryByTestId('dry-run-report')).toBeNull();

    // Another file starts over: the next import needs its own dry run.
    await userEvent.upload(screen.getByLabelText(S.file), file('{}\n', 'other.jsonl'));
    expect(section.dataset.state).toBe('choosing');
    expect(screen.queryByTestId('import-report')).toBeNull();
  });

  it('a file past 10 MB is refused before any call; a file with nothing to import says so', async () => {
    const admin = standIn();
    admin.on('POST', '/projects/:project/imports', json(200, { ...DRY, imported: 0, dropped: [] }));
    renderConsole('/import', { admin });
    await screen.findByTestId('import');
    const big = file();
    Object.defineProperty(big, 'size', { value: IMPORT_FILE_LIMIT + 1 });
    await userEvent.upload(screen.getByLabelText(S.file), big);
    await userEvent.click(screen.getByRole('button', { name: S.dryRun }));
    expect(await screen.findByText(S.fileTooLarge)).toBeTruthy();
    expect(admin.callsTo('POST', IMPORTS)).toHaveLength(0);

    await userEvent.upload(screen.getByLabelText(S.file), file());
    await userEvent.click(screen.getByRole('button', { name: S.dryRun }));
    expect(await screen.findByText(S.nothingToImport)).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Import \d/ })).toBeNull();
  });

  it('a refused dry run says why and keeps the file to try again', async () => {
    const admin = standIn();
    admin.on(
      'POST',
      '/projects/:project/imports',
      apiError(400, 'invalid_import_file', 'This is not a Clerk CSV.'),
    );
    renderConsole('/import', { admin });
    await screen.findByTestId('import');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: S.format }), 'clerk');
    await userEvent.upload(screen.getByLabelText(S.file), file('a,b\n', 'users.csv'));
    await userEvent.click(screen.getByRole('button', { name: S.dryRun }));
    expect((await screen.findByRole('alert')).textContent).toContain('This is not a Clerk CSV.');
    expect(screen.getByTestId('import').dataset.state).toBe('choosing');
    await expectAccessible();
  });

  it('exports the users matching the filters; a recent sign-in is confirmed with the passkey, then it downloads', async () => {
    const admin = standIn();
    let recent = false;
    admin.on('GET', '/projects/:project/users/export', () =>
      recent ? json(200, '') : apiError(403, 'reauthentication_required'),
    );
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:http://localhost:3000/export-1');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { client } = renderConsole('/import', { admin });
    client.webauthn.authenticate = (async () => {
      recent = true;
      return {};
    }) as typeof client.webauthn.authenticate;
    const exporting = await screen.findByTestId('export');
    await userEvent.type(within(exporting).getByRole('searchbox', { name: S.exportQuery }), 'example.com');
    await userEvent.selectOptions(
      within(exporting).getByRole('combobox', { name: S.exportBlocked }),
      'false',
    );
    await userEvent.click(within(exporting).getByRole('button', { name: S.exportButton }));
    await userEvent.click(await screen.findByRole('button', { name: STRINGS.reauthenticate.usePasskey }));
    await waitFor(() => expect(clicked).toEqual([`users-${PROJECT_ID}.jsonl`]));
    expect(await screen.findByText(S.exported(`users-${PROJECT_ID}.jsonl`))).toBeTruthy();
    const calls = admin.callsTo('GET', `/projects/${PROJECT_ID}/users/export`);
    expect(calls).toHaveLength(2);
    expect(Object.fromEntries(calls[1]!.query)).toEqual({ q: 'example.com', blocked: 'false' });
    await expectAccessible();
  });

  it('shows each part only to a role with its scope', async () => {
    renderConsole('/import', { admin: standIn(meOf('admin', [...OWNER.scopes, 'users:export'])) });
    expect(await screen.findByTestId('export')).toBeTruthy();
    expect(screen.queryByTestId('import')).toBeNull();
    resetDocument();

    renderConsole('/import', { admin: standIn(OWNER) });
    expect((await screen.findByRole('alert')).textContent).toBe(S.refused);
    expect(screen.queryByTestId('export')).toBeNull();
    expect(screen.queryByRole('link', { name: S.title })).toBeNull();
  });
});
