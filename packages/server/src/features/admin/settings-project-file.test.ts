// Issue 26 item 3: the console's "Download as project file" (apps/console/src/screens/settings-draft.ts
// projectFileOf) is a file this server reads back as the same project: the admin API's answer, exported by the
// console's own function, passes parseProjectFile and, started as PROJECT_FILE, leaves the project as it was.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProjectDetail } from '../../../../../apps/console/src/admin-types';
import { projectFileOf } from '../../../../../apps/console/src/screens/settings-draft';
import { parseProjectFile } from '../../infra/config';
import { adminCall, TEST_ADMIN_KEY } from '../../test-support/admin';
import { createTestApp, type TestApp } from '../../test-support/app';

describe('the console download of a project is a project file of the same project', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind: 'pglite', config: { adminApiKey: TEST_ADMIN_KEY } });
  });
  afterAll(() => t.close());

  it('round-trips through parseProjectFile and a start with it as PROJECT_FILE', async () => {
    const path = `/projects/${t.project.id}`;
    const changed = await adminCall(t.app, {
      method: 'PATCH',
      path,
      body: {
        allowed_origins: ['http://localhost:3000', 'https://shop.example.com'],
        allowed_redirect_urls: [
          'https://shop.example.com/authenticate',
          'http://localhost:3000/authenticate',
        ],
        enabled_products: ['emailMagicLinks', 'passwords', 'passkeys'],
        settings: {
          sms_daily_limit: 40,
          sms_allowed_countries: ['US', 'CA'],
          password_config: { luds_complexity: 3, luds_minimum_count: 10 },
          require_second_factor: true,
          captcha_settings: { enabled: false },
          reauthentication_window_minutes: 15,
        },
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const before = (changed.json() as { project: ProjectDetail }).project;

    const file = projectFileOf(before);
    const [declaration] = parseProjectFile(JSON.parse(JSON.stringify(file)));
    expect(declaration).toMatchObject({
      name: before.name,
      allowedOrigins: before.allowed_origins,
      allowedRedirectUrls: before.allowed_redirect_urls,
      enabledProducts: before.enabled_products,
      settings: { sms_daily_limit: 40, require_second_factor: true, reauthentication_window_minutes: 15 },
    });
    expect(JSON.stringify(file)).not.toContain('password_migration_secret');

    const fileName = join(tmpdir(), `gatehouse-console-download-${process.pid}.json`);
    writeFileSync(fileName, JSON.stringify(file));
    const started = await t.sibling({ config: { adminApiKey: TEST_ADMIN_KEY, projectFile: fileName } });
    const after = ((await adminCall(started, { method: 'GET', path })).json() as { project: ProjectDetail })
      .project;
    expect(after.from_project_file).toBe(true);
    expect({ ...after.settings }).toEqual(before.settings);
    expect(after.allowed_origins).toEqual(before.allowed_origins);
    expect(after.allowed_redirect_urls).toEqual(before.allowed_redirect_urls);
    expect(after.enabled_products).toEqual(before.enabled_products);
    expect(after.setting_sources['settings.sms_daily_limit']).toBe('project_file');
  });
});
