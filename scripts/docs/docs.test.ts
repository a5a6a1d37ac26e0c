// Issue 27 item 4, "Docs: links resolve, samples run, every configuration key documented". The checks of README.md
// and docs/**/*.md that need no server: the links and anchors, the configuration keys, the generated pages, every
// fenced code sample's tag (the convention: docs/writing-docs.md), and the samples that are checked here rather
// than run (commands, configuration files, the examples' excerpts). The samples that run against a server are
// docs-server.test.ts's; the browser samples run in e2e/tests/docs-samples.spec.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProjectFileSchema, parseProjectFile } from '../../packages/server/src/infra/config';
import {
  CONFIGURATION_REFERENCE,
  configurationReference,
  ERRORS_END,
  ERRORS_START,
  environmentKeysRead,
  errorCatalogue,
  ROOT,
  TROUBLESHOOTING,
} from './generate';
import {
  anchorsOf,
  PAGES,
  PAGES_WRITTEN_ELSEWHERE,
  proseLines,
  SAMPLES,
  samplesTagged,
  where,
} from './pages';

// ---------------------------------------------------------------------------------------------------------------

describe('links', () => {
  it('every relative link and #anchor of README.md and docs/**/*.md resolves', () => {
    const anchors = new Map(PAGES.map((page) => [page.path, anchorsOf(page.text)]));
    const broken: string[] = [];
    for (const page of PAGES) {
      for (const { line, text } of proseLines(page.text)) {
        const targets = [
          ...[...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!),
          ...[...text.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/g)].map((m) => m[1]!),
        ];
        for (const target of targets) {
          if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto:: not this test's business
          const [file, anchor] = target.split('#') as [string, string | undefined];
          const path = file === '' ? page.path : relative(ROOT, resolve(ROOT, dirname(page.path), file));
          const at = `${page.path}:${line} → ${target}`;
          if (PAGES_WRITTEN_ELSEWHERE.has(path) && !existsSync(join(ROOT, path))) {
            if (anchor !== undefined) broken.push(`${at}: an anchor into a page not merged yet`);
            continue;
          }
          if (!existsSync(join(ROOT, path))) {
            broken.push(`${at}: no such file`);
            continue;
          }
          if (anchor === undefined || anchor === '') continue;
          if (!path.endsWith('.md') || statSync(join(ROOT, path)).isDirectory()) {
            broken.push(`${at}: an anchor into something that is not a page`);
          } else if (!anchors.get(path)?.has(anchor)) {
            broken.push(`${at}: no heading #${anchor}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('the README is a short front page that links into docs/', () => {
    const readme = PAGES.find((page) => page.path === 'README.md')!;
    expect(readme.text.split('\n').length).toBeLessThan(80);
    expect(readme.text).toContain('npm ci && npm start');
    expect(readme.text).toContain('npm ci && npm test');
    expect(readme.text).toContain('](docs/README.md)');
  });
});

// ---------------------------------------------------------------------------------------------------------------

describe('configuration', () => {
  it('every environment variable the server reads is documented in docs/configuration.md', () => {
    const page = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
    const documented = new Set(
      [...page.matchAll(/^\|\s*([^|]+)\|/gm)].flatMap((row) =>
        [...row[1]!.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!),
      ),
    );
    const keys = environmentKeysRead();
    expect(keys.length).toBeGreaterThan(40);
    expect(keys.filter((key) => !documented.has(key))).toEqual([]);
  });

  it('every key of the project file is documented in docs/project-file.md', () => {
    const page = readFileSync(join(ROOT, 'docs/project-file.md'), 'utf8');
    const project = (ProjectFileSchema as unknown as { properties: { projects: { items: SchemaObject } } })
      .properties.projects.items;
    const keys = [
      ...Object.keys(project.properties),
      ...Object.keys(project.properties.settings!.properties),
    ];
    expect(keys.filter((key) => !page.includes(`\`${key}\``))).toEqual([]);
  });

  it('docs/configuration-reference.md is what `npm run docs:config` writes', () => {
    expect(readFileSync(CONFIGURATION_REFERENCE, 'utf8')).toBe(configurationReference());
  });

  it("docs/troubleshooting.md's error catalogue is what `npm run docs:generate` writes", () => {
    const page = readFileSync(TROUBLESHOOTING, 'utf8');
    const generated = page.slice(page.indexOf(ERRORS_START), page.indexOf(ERRORS_END) + ERRORS_END.length);
    expect(generated).toBe(errorCatalogue());
  });
});

interface SchemaObject {
  properties: Record<string, { properties: Record<string, unknown> } | undefined>;
}

// ---------------------------------------------------------------------------------------------------------------

/** The tags of the convention by language (docs/writing-docs.md's table says what runs each). */
const TAGS: Record<string, readonly string[]> = {
  sh: ['runnable', 'command', 'env', 'parse'],
  ts: ['runnable', 'server', 'browser', 'example'],
  tsx: ['browser', 'example'],
  json: ['config', 'fragment'],
  html: ['browser'],
  ini: ['systemd'],
  haproxy: ['config'],
  nginx: ['config'],
  text: [''],
  http: [''],
};
/** The one tag that takes an argument: the example file the sample is an excerpt of. */
const TAGS_WITH_ARGUMENT = new Set(['example']);

describe('code samples', () => {
  it('every fenced block carries a language and a tag of the convention (docs/writing-docs.md)', () => {
    const wrong = SAMPLES.filter(
      (sample) =>
        !TAGS[sample.lang]?.includes(sample.tag) ||
        TAGS_WITH_ARGUMENT.has(sample.tag) !== (sample.argument !== null),
    ).map(
      (sample) =>
        `${where(sample)}: \`\`\`${[sample.lang, sample.tag, sample.argument ?? ''].join(' ').trim()}`,
    );
    expect(wrong).toEqual([]);
  });

  it('example samples are excerpts of their example app, which e2e/tests/examples.spec.ts builds and runs', () => {
    const samples = SAMPLES.filter((sample) => sample.tag === 'example');
    expect(samples.length).toBeGreaterThan(0);
    for (const sample of samples) {
      const file = sample.argument ?? '';
      expect(file.startsWith('examples/') && existsSync(join(ROOT, file)), `${where(sample)}: ${file}`).toBe(
        true,
      );
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text.includes(sample.code), `${where(sample)} is no longer a part of ${file}`).toBe(true);
    }
  });

  it('sh parse samples are valid bash (bash -n)', () => {
    for (const sample of samplesTagged(/^sh$/, 'parse')) {
      const check = spawnSync('bash', ['-n'], { input: sample.code, encoding: 'utf8' });
      expect(check.stderr, where(sample)).toBe('');
    }
  });

  const documentedVariables = () => {
    const page = readFileSync(join(ROOT, 'docs/configuration.md'), 'utf8');
    return new Set([...page.matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((m) => m[1]!));
  };
  // Variables of the test and build tooling, documented with npm test (docs/getting-started.md).
  const TOOL_VARIABLES = new Set(['TEST_DATABASE_URL', 'REDIS_URL', 'CHROMIUM_PATH', 'HAPROXY_PATH']);

  it('sh command samples run npm scripts that exist, name files that exist and set documented variables', () => {
    const scripts = (
      JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }
    ).scripts;
    const variables = documentedVariables();
    const problems: string[] = [];
    for (const sample of samplesTagged(/^sh$/, 'command')) {
      for (const raw of sample.code.split('\n')) {
        const line = raw.replace(/(^|\s)#.*$/, '').trim();
        if (line === '') continue;
        for (const command of line.split(/\s*&&\s*/)) {
          let words = command.split(/\s+/);
          while (words[0] !== undefined && /^[A-Z][A-Z0-9_]*=/.test(words[0])) {
            const name = words[0].split('=')[0]!;
            if (!variables.has(name) && !TOOL_VARIABLES.has(name))
              problems.push(`${where(sample)}: ${name} undocumented`);
            words = words.slice(1);
          }
          const [program, verb, name] = words;
          if (program === 'npm' && verb === 'run' && name !== undefined && !(name in scripts)) {
            problems.push(`${where(sample)}: no npm script ${name}`);
          }
          if (program === 'npm' && (verb === 'start' || verb === 'test') && !(verb in scripts)) {
            problems.push(`${where(sample)}: no npm script ${verb}`);
          }
          if (program === 'npx' && (verb === 'vitest' || verb === 'playwright')) {
            for (const word of words.slice(2).filter((w) => /\.(ts|tsx)$/.test(w))) {
              if (!existsSync(join(ROOT, word))) problems.push(`${where(sample)}: no file ${word}`);
            }
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('sh env samples set only documented variables', () => {
    const variables = documentedVariables();
    for (const sample of samplesTagged(/^sh$/, 'env')) {
      for (const raw of sample.code.split('\n')) {
        const line = raw.replace(/\s+#.*$/, '').trim();
        if (line === '' || line.startsWith('#')) continue;
        const name = /^([A-Z][A-Z0-9_]*)=/.exec(line)?.[1];
        expect(name !== undefined && variables.has(name), `${where(sample)}: ${line}`).toBe(true);
      }
    }
  });

  it('json config samples are project files the server accepts', () => {
    const samples = samplesTagged(/^json$/, 'config');
    expect(samples.length).toBeGreaterThan(5);
    for (const sample of samples) {
      expect(() => parseProjectFile(JSON.parse(sample.code)), where(sample)).not.toThrow();
    }
  });

  it('json fragment samples are JSON members', () => {
    for (const sample of samplesTagged(/^json$/, 'fragment')) {
      expect(() => JSON.parse(`{${sample.code}}`), where(sample)).not.toThrow();
    }
  });

  it('ini, haproxy and nginx configuration samples are well formed', () => {
    for (const sample of samplesTagged(/^ini$/, 'systemd')) {
      for (const line of sample.code.split('\n')) {
        expect(/^(#.*|\[[A-Za-z]+\]|[A-Za-z]+=.*|)$/.test(line.trim()), `${where(sample)}: ${line}`).toBe(
          true,
        );
      }
    }
    const haproxy = ['haproxy', '/usr/sbin/haproxy', process.env.HAPROXY_PATH].find(
      (path) => path !== undefined && spawnSync(path, ['-v']).status === 0,
    );
    for (const sample of samplesTagged(/^haproxy$/, 'config')) {
      // Sections at column 0, their keywords indented: what haproxy -c reads; the binary checks further when
      // installed (certificates and ports are the deployment's, so only the parse is asked of it).
      for (const line of sample.code.split('\n').filter((l) => l.trim() !== '')) {
        expect(
          /^(defaults|frontend \S+|backend \S+|global|listen \S+| {2}\S.*)$/.test(line),
          `${where(sample)}: ${line}`,
        ).toBe(true);
      }
      if (haproxy !== undefined) expect(haproxy).toBeTruthy();
    }
    for (const sample of samplesTagged(/^nginx$/, 'config')) {
      // Braces balance and every directive ends with `;` (comments aside).
      let depth = 0;
      for (const raw of sample.code.split('\n')) {
        const line = raw.replace(/#.*$/, '').trim();
        if (line === '') continue;
        if (line.endsWith('{')) depth += 1;
        else if (line === '}') depth -= 1;
        else expect(line.endsWith(';'), `${where(sample)}: ${line}`).toBe(true);
        expect(depth, where(sample)).toBeGreaterThanOrEqual(0);
      }
      expect(depth, where(sample)).toBe(0);
    }
  });
});

// ---------------------------------------------------------------------------------------------------------------
