// The published packages (issue 21 item 1): @gatehouse/protocol, @gatehouse/sdk and @gatehouse/react built to ESM
// JavaScript with source maps (esbuild) and `.d.ts` types (tsc), then packed into tarballs by `npm run pack`.
//
// Why esbuild + tsc and not tsup or tsdown: esbuild is already the repository's bundler (server bundle, benches)
// and does the one thing the widget needs from a library build, code splitting that keeps each lazy screen a
// chunk of its own, in ~0.1 s for the three packages; tsc is the only tool that writes declarations exactly as
// the type checker sees them. tsup is in maintenance and bundles declarations through rollup-plugin-dts; tsdown
// would add rolldown and its declaration plugin to the tree for the same output.
//
// The JavaScript is bundled per package (dependencies and peers external), not transpiled file by file: bundled
// output has fully specified relative imports (`./chunks/x-HASH.js`), which Node, webpack's strict ESM rules
// (Next.js) and Vite all accept, while the source's extensionless imports would not survive a file-by-file
// transpile. It is not minified: the app's bundler minifies, and readable code is what a developer debugging
// their app steps through.
//
// The tarball is packed from a staging folder, not from packages/<name>: its package.json exports the build (the
// workspace's exports are the TypeScript source) and loses `private`, scripts and devDependencies. The workspace package.json files stay `private`, so a stray `npm publish` there is refused.
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT, TSC } from './process.mjs';

/** What each published package builds: its entry modules (relative to src/, without extension). */
export const PUBLISHED_PACKAGES = [
  { dir: 'protocol', name: '@gatehouse/protocol', entries: ['index'] },
  // Each calling code's phone metadata is an entry of its own (`unhashed`): built as dist/phone-metadata/by-calling-
  // code/<code>.js, not as chunks/<code>-HASH.js, so an app's bundler, which names every chunk with a hash of its own,
  // does not carry our hash as well into each of the ~215 names in the phone chunk's loader table (1.5 KiB gzip of
  // incompressible characters in every page that parses a phone number: bench/widget-size.ts, examples.spec.ts).
  { dir: 'sdk', name: '@gatehouse/sdk', entries: ['index'], unhashed: ['phone-metadata/by-calling-code'] },
  // `"use client"` (Next.js App Router): the widget's modules hold state and effects, so a server component may
  // render <Login> only across a client boundary, which the directive on the entry files marks. Only the entries:
  // what they import is client code already, and a directive in every chunk is a warning per chunk in Vite.
  { dir: 'react', name: '@gatehouse/react', entries: ['index', 'reauthentication/index'], useClient: true },
];

/** `npm run pack` writes the tarballs here (README "Embedding the widget"). */
export const PACK_DIR = join(ROOT, 'dist', 'packages');

/** Files every tarball carries besides dist/ (the LICENSE and CHANGELOG are the repository's). */
const SHARED_FILES = ['LICENSE', 'CHANGELOG.md'];

function packageDir(pkg) {
  return join(ROOT, 'packages', pkg.dir);
}

function readJson(path) {
  return JSON.parse(readFileSync(path, 'utf8'));
}

function runQuiet(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', (error) => resolve({ code: 127, output: String(error) }));
    child.on('exit', (code) => resolve({ code: code ?? 1, output }));
  });
}

/** Every file under a folder, recursively. */
function listFiles(dir) {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/**
 * tsc keeps the source's extensionless relative specifiers ('./client') in the declarations; TypeScript under
 * `moduleResolution: node16/nodenext` cannot follow those in an ESM package. Each becomes the file it names
 * ('./client.js', or './methods/index.js' for a folder), so the types resolve under every resolution mode.
 */
export function fullySpecifyDeclarations(distDir) {
  const specifier = /(\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)(['"])(\.{1,2}\/[^'"]*)\2/g;
  for (const file of listFiles(distDir)) {
    if (!file.endsWith('.d.ts')) continue;
    const text = readFileSync(file, 'utf8');
    const rewritten = text.replace(specifier, (match, prefix, quote, path) => {
      if (/\.(js|mjs|cjs|json)$/.test(path)) return match;
      const target = join(dirname(file), path);
      if (existsSync(`${target}.d.ts`)) return `${prefix}${quote}${path}.js${quote}`;
      if (existsSync(join(target, 'index.d.ts'))) return `${prefix}${quote}${path}/index.js${quote}`;
      throw new Error(`${relative(ROOT, file)}: cannot resolve '${path}' to a declaration file`);
    });
    if (rewritten !== text) writeFileSync(file, rewritten);
  }
}

/** Builds one package into packages/<dir>/dist: JavaScript (esbuild), then declarations (tsc). */
export async function buildPackage(pkg) {
  const dir = packageDir(pkg);
  const distDir = join(dir, 'dist');
  rmSync(distDir, { recursive: true, force: true });
  const manifest = readJson(join(dir, 'package.json'));
  const external = [
    ...Object.keys(manifest.dependencies ?? {}),
    ...Object.keys(manifest.peerDependencies ?? {}),
  ].flatMap((name) => [name, `${name}/*`]);

  const { build } = await import('esbuild');
  await build({
    absWorkingDir: ROOT,
    entryPoints: [
      ...pkg.entries.map((entry) => ({ in: join(dir, 'src', `${entry}.ts`), out: entry })),
      ...(pkg.unhashed ?? []).flatMap((folder) =>
        readdirSync(join(dir, 'src', folder)).map((file) => ({
          in: join(dir, 'src', folder, file),
          out: join(folder, file.replace(/\.[^.]+$/, '')),
        })),
      ),
    ],
    outdir: distDir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    target: 'es2022',
    jsx: 'automatic',
    external,
    sourcemap: true,
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
    // Bundling drops the module-level directives of the source (none today); the banner above is the only one.
    logOverride: { 'module-level-directive': 'silent' },
  });

  if (pkg.useClient) {
    for (const entry of pkg.entries) {
      const file = join(distDir, `${entry}.js`);
      writeFileSync(file, `"use client";\n${readFileSync(file, 'utf8')}`);
      // One line more at the top: the source map's lines move down by one (an empty first line of mappings).
      const map = readJson(`${file}.map`);
      writeFileSync(`${file}.map`, JSON.stringify({ ...map, mappings: `;${map.mappings}` }));
    }
  }

  const tsc = await runQuiet(process.execPath, [TSC, '-p', join(dir, 'tsconfig.build.json')]);
  if (tsc.code !== 0) throw new Error(`tsc (declarations of ${pkg.name}) failed:\n${tsc.output}`);
  fullySpecifyDeclarations(distDir);
}

/** Builds the three packages in dependency order (react's declarations import the sdk's built ones). */
export async function buildPackages() {
  for (const pkg of PUBLISHED_PACKAGES) await buildPackage(pkg);
}

/** The subpath an entry module is exported at: `index` → `.`, `reauthentication/index` → `./reauthentication`. */
function subpathOf(entry) {
  return entry === 'index' ? '.' : `./${entry.replace(/\/index$/, '')}`;
}

/**
 * The package.json a tarball carries: the workspace's, without what only the workspace needs, and with `exports`
 * pointing at the build. In the workspace every export is the TypeScript source (tests, the dev server and the
 * other packages need no build step); the tarball holds only dist/.
 */
export function publishedManifest(manifest, pkg) {
  const { private: _private, scripts: _scripts, devDependencies: _devDependencies, ...published } = manifest;
  const exports = {};
  for (const entry of pkg.entries) {
    exports[subpathOf(entry)] = { types: `./dist/${entry}.d.ts`, default: `./dist/${entry}.js` };
  }
  exports['./package.json'] = './package.json';
  const declared = Object.keys(manifest.exports ?? {}).sort();
  if (JSON.stringify(declared) !== JSON.stringify(Object.keys(exports).sort())) {
    throw new Error(
      `${pkg.name}: package.json exports ${declared.join(', ')}, the build ${Object.keys(exports).join(', ')}`,
    );
  }
  // `types` and `module` for tools that predate `exports` (TypeScript's node10 resolution, older bundlers).
  return { ...published, types: './dist/index.d.ts', module: './dist/index.js', exports };
}

/**
 * Builds and packs the three packages into `destination` (default PACK_DIR), replacing earlier tarballs there.
 * Resolves to the tarballs' absolute paths keyed by package name.
 */
export async function packPackages({ destination = PACK_DIR } = {}) {
  await buildPackages();
  mkdirSync(destination, { recursive: true });
  for (const entry of readdirSync(destination)) {
    if (/^gatehouse-.*\.tgz$/.test(entry)) rmSync(join(destination, entry));
  }
  const stageRoot = join(destination, '.stage');
  rmSync(stageRoot, { recursive: true, force: true });
  const tarballs = {};
  try {
    for (const pkg of PUBLISHED_PACKAGES) {
      const dir = packageDir(pkg);
      const stage = join(stageRoot, pkg.dir);
      mkdirSync(stage, { recursive: true });
      cpSync(join(dir, 'dist'), join(stage, 'dist'), { recursive: true });
      cpSync(join(dir, 'README.md'), join(stage, 'README.md'));
      for (const file of SHARED_FILES) cpSync(join(ROOT, file), join(stage, file));
      const manifest = publishedManifest(readJson(join(dir, 'package.json')), pkg);
      writeFileSync(join(stage, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
      const packed = await runQuiet('npm', ['pack', stage, '--pack-destination', destination, '--json'], {
        env: { ...process.env, npm_config_loglevel: 'error' },
      });
      if (packed.code !== 0) throw new Error(`npm pack ${pkg.name} failed:\n${packed.output}`);
      const [result] = JSON.parse(packed.output.slice(packed.output.indexOf('[')));
      tarballs[pkg.name] = join(destination, result.filename);
    }
  } finally {
    rmSync(stageRoot, { recursive: true, force: true });
  }
  return tarballs;
}
