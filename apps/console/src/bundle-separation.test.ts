// @vitest-environment node
// Issue 26 item 4: "the console's JavaScript is loaded only by /console, never by the sign-in page". The console is
// a build of its own (apps/console/vite.config.ts, base /console/): nothing of apps/web imports it, and when the
// builds exist, no file of the web app's output names the console's files or carries its code.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CONSOLE_COOKIE_OPTIONS } from './console-client';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

describe('the console’s bundle stays out of the web app', () => {
  it('no source of apps/web imports apps/console', () => {
    const sources = filesUnder(join(ROOT, 'apps', 'web', 'src')).filter((path) => /\.(ts|tsx)$/.test(path));
    expect(sources.length).toBeGreaterThan(10);
    for (const path of sources)
      expect(readFileSync(path, 'utf8')).not.toMatch(/apps\/console|\.\.\/console\//);
  });

  it('the web app’s build (when built) holds none of the console’s code or files', () => {
    const built = filesUnder(join(ROOT, 'apps', 'web', 'dist')).filter((path) =>
      /\.(js|html|css)$/.test(path),
    );
    for (const path of built) {
      const text = readFileSync(path, 'utf8');
      expect(text).not.toContain('/console/assets/');
      expect(text).not.toContain(CONSOLE_COOKIE_OPTIONS.opaqueTokenCookieName);
    }
  });

  it('the console builds under its own base path', () => {
    const config = readFileSync(join(ROOT, 'apps', 'console', 'vite.config.ts'), 'utf8');
    expect(config).toContain("base: '/console/'");
    const index = join(ROOT, 'apps', 'console', 'dist', 'index.html');
    if (existsSync(index)) expect(readFileSync(index, 'utf8')).toMatch(/src="\/console\/assets\/[^"]+\.js"/);
  });
});
