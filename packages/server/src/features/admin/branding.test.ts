// Issue 26 "Branding": a project's theme is the `theme` setting (infra/theme-schema.ts), changed through
// PATCH /admin/v1/projects/{id} under the project file's own rules, and sent by bootstrap (a Gatehouse extra field)
// for the widget to paint. A theme a file could not declare is refused, changing nothing; null removes it.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, parseProjectFile } from '../../infra/config';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, sdkRequest, type TestApp } from '../../test-support/app';
import { testDatabaseKinds } from '../../test-support/database';
import { rowsOf } from '../users/user-sql';

const THEME = {
  container: {
    backgroundColor: '#FAFAF7',
    borderColor: 'rgb(10 20 30)',
    borderRadius: '12px',
    width: '360px',
  },
  colors: { primary: '#0A6E3C', secondary: 'hsl(200 20% 40%)', success: 'green', error: '#B00020' },
  buttons: {
    primary: { backgroundColor: '#0A6E3C', textColor: '#FFFFFF', borderColor: '#0A6E3C', borderRadius: '0' },
    secondary: { backgroundColor: 'transparent', textColor: '#0A6E3C', borderColor: '#0A6E3C' },
  },
  inputs: { placeholderColor: '#667788', borderRadius: '0.5rem' },
  fontFamily: '"IBM Plex Sans", sans-serif',
  hideHeaderText: true,
  logo: { logoImageUrl: 'https://cdn.example.com/logo.svg' },
};

/** Themes the project file refuses, each for one reason. */
const BAD_THEMES: unknown[] = [
  { colors: { primary: 'red; background: url(https://evil.example/)' } },
  { colors: { primary: 'expression(alert(1))' } },
  { colors: { tertiary: '#000000' } },
  { container: { width: '100vw' } },
  { container: { width: 400 } },
  { fontFamily: 'Inter; } body { display: none' },
  { logo: { logoImageUrl: 'http://cdn.example.com/logo.svg' } },
  { logo: { logoImageUrl: 'javascript:alert(1)' } },
  { hideHeaderText: 'yes' },
  { styles: {} },
  'blue',
];

describe('the theme setting in the project file', () => {
  it('accepts every key of wire-format.md §7.3; refuses anything else, naming the path', () => {
    const [declared] = parseProjectFile([{ name: 'Shop', settings: { theme: THEME } }]);
    expect(declared?.settings.theme).toEqual(THEME);
    // A mistake is named at its own key, with what is allowed there.
    expect(() =>
      parseProjectFile([{ name: 'Shop', settings: { theme: { colors: { primary: 'red; x' } } } }]),
    ).toThrow(/settings\.theme\.colors\.primary .*allowed: a CSS colour/);
    for (const theme of [...BAD_THEMES, null]) {
      expect(() => parseProjectFile([{ name: 'Shop', settings: { theme } }]), JSON.stringify(theme)).toThrow(
        ConfigError,
      );
    }
    expect(() =>
      parseProjectFile([{ name: 'Shop', settings: { theme: { container: { width: '1vw' } } } }]),
    ).toThrow(/theme/);
  });
});

describe.each(testDatabaseKinds())('a project theme through the admin API on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  const path = () => `/projects/${t.project.id}`;
  const patch = (settings: Record<string, unknown>) =>
    adminCall(t.app, { method: 'PATCH', path: path(), body: { settings } });
  const bootstrapTheme = async () => {
    const response = await sdkRequest(t.app, {
      method: 'GET',
      url: `/projects/bootstrap/${t.publicToken}`,
      publicToken: t.publicToken,
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { data: { theme: unknown } }).data.theme;
  };
  const events = async () =>
    rowsOf<{ payload: { fields: string[]; after: { settings: Record<string, unknown> } } }>(
      await t.ctx.db.execute(sql`SELECT payload FROM events WHERE type = 'project.updated' ORDER BY seq`),
    );

  it('a published theme is in the next bootstrap answer, is an event, and null takes it away', async () => {
    expect(await bootstrapTheme()).toBeNull();
    const changed = await patch({ theme: THEME });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ project: { settings: { theme: THEME } } });
    expect(await bootstrapTheme()).toEqual(THEME);
    const [event] = await events();
    expect(event?.payload.fields).toEqual(['settings']);
    expect(event?.payload.after.settings.theme).toEqual(THEME);

    // A second publish replaces the whole theme (settings merge key by key at the top level only).
    expect((await patch({ theme: { colors: { primary: '#123456' } } })).statusCode).toBe(200);
    expect(await bootstrapTheme()).toEqual({ colors: { primary: '#123456' } });

    const reset = await patch({ theme: null });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(
      (reset.json() as { project: { settings: Record<string, unknown> } }).project.settings,
    ).not.toHaveProperty('theme');
    expect(await bootstrapTheme()).toBeNull();
  });

  it('refuses a theme the project file would refuse, changing nothing', async () => {
    expect((await patch({ theme: { colors: { primary: '#0A6E3C' } } })).statusCode).toBe(200);
    for (const theme of BAD_THEMES) {
      const response = await patch({ theme });
      expect(response.statusCode, JSON.stringify(theme)).toBe(400);
      expect(response.json()).toMatchObject({ error_type: 'invalid_admin_request' });
    }
    expect(await bootstrapTheme()).toEqual({ colors: { primary: '#0A6E3C' } });
    expect(await events()).toHaveLength(1);
  });
});
