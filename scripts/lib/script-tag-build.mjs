// The script tag (issue 21 item 2): packages/server/dist/script-tag, served by the server at /gatehouse.js
// (packages/server/src/infra/script-tag.ts). Rebuilt only when a source file is newer, like the web build.
//
// A plain page writes <script src=".../gatehouse.js"> and uses window.Gatehouse on the next line, so gatehouse.js
// must be a classic script holding the SDK; but a classic script cannot import statically and esbuild splits only
// ES modules. So two builds meet at a global:
// - gatehouse.js: an IIFE of packages/react/src/script-tag/classic-entry.ts (the SDK and the mount functions that
//   load the widget). Its dynamic import()s (the widget module, the SDK's lazy modules such as passwords or the
//   phone parser) stay import() calls, of files of the second build at the script's own URL;
// - gatehouse/*.js: one ES module build with splitting, whose entries are exactly those import() targets: the
//   widget (its React bundled, production mode) and its lazy screens become hashed chunks. Every module
//   that gatehouse.js already holds is not bundled again: an import of it resolves to a two-line module reading
//   gatehouse.js's instance from the global (`__gatehouse_<build id>`), so the widget's `instanceof APIError`
//   sees the errors of the page's client, and no code is shipped twice.
// The React the script tag bundles is Preact's React layer (preact/compat, aliased below), not React itself: React
// 19.3 and react-dom alone are 67.6 KiB gzip, so the default first load was 95.1 KiB against the 75 KiB budget
// (issue 21 item 5); with preact/compat 11 it is 35.0 KiB (`npm run bench -- widget-size`). The widget uses only
// the API both implement (hooks, lazy/Suspense, createPortal, useSyncExternalStore, createRoot), and the script
// tag's E2E (e2e/tests/script-tag.spec.ts, examples/plain-html) runs it. The npm packages use the app's own React.
// Three esbuild runs: a probe of gatehouse.js (which modules it holds, which it imports lazily), the module build
// (which of gatehouse.js's modules it uses), then gatehouse.js again exposing those modules on the global.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { basename, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStale } from './freshness.mjs';
import { ROOT } from './process.mjs';

export const SCRIPT_TAG_DIR = join(ROOT, 'packages', 'server', 'dist', 'script-tag');
/** The classic script's name; the same bytes are also written as gatehouse.<hash>.js (scriptTagHash). */
export const SCRIPT_FILE = 'gatehouse.js';
/** The folder of the ES module files, beside gatehouse.js (served at /gatehouse/<file>). */
export const MODULE_FOLDER = 'gatehouse';

const SOURCE_DIR = join(ROOT, 'packages', 'react', 'src', 'script-tag');
const CLASSIC_ENTRY = join(SOURCE_DIR, 'classic-entry.ts');
const REACT_PACKAGE = join(ROOT, 'packages', 'react', 'package.json');
/** A marker the classic build leaves in import() calls, replaced by a URL resolved against the script's own. */
const CHUNK_MARKER = 'gatehouse-chunk:';
/** Passed to esbuild's resolve from inside the plugins, so they do not answer their own question. */
const SKIP = Symbol('gatehouse-script-tag-resolve');

const INPUTS = [
  ...['react', 'sdk', 'protocol'].flatMap((name) => [
    join(ROOT, 'packages', name, 'src'),
    join(ROOT, 'packages', name, 'package.json'),
  ]),
  join(ROOT, 'package-lock.json'),
  fileURLToPath(import.meta.url),
];

/** True when the script tag in `outdir` is missing or older than any of its inputs. */
export function scriptTagBuildIsStale(outdir = SCRIPT_TAG_DIR) {
  return isStale(join(outdir, SCRIPT_FILE), INPUTS);
}

/** The hash in gatehouse.<hash>.js (and the server's ETag): 16 hex digits of the file's SHA-256. */
export function scriptTagHash(contents) {
  return createHash('sha256').update(contents).digest('hex').slice(0, 16);
}

/** A path as esbuild's metafile writes it: relative to the repository, with forward slashes. */
function repoPath(absolute) {
  return relative(ROOT, absolute).split(sep).join('/');
}

/** The name a lazy module's file gets: its package's for a dependency, else its file name. */
function moduleName(absolute) {
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(absolute.split(sep).join('/'));
  const name = inPackage ? inPackage[1] : basename(absolute, extname(absolute));
  return name.replace(/^@/, '').replace(/[^A-Za-z0-9_-]+/g, '-');
}

/** React's API from Preact (see the header): every import of React or react-dom in the script tag's build. */
const PREACT_ALIASES = {
  react: 'preact/compat',
  'react-dom': 'preact/compat',
  'react-dom/client': 'preact/compat/client',
  'react/jsx-runtime': 'preact/jsx-runtime',
  'react/jsx-dev-runtime': 'preact/jsx-runtime',
};

function commonOptions(version) {
  return {
    // Metafile paths (inputs and outputs) are relative to the repository root.
    absWorkingDir: ROOT,
    bundle: true,
    minify: true,
    platform: 'browser',
    target: 'es2022',
    conditions: ['@gatehouse/source'],
    jsx: 'automatic',
    alias: PREACT_ALIASES,
    define: {
      'process.env.NODE_ENV': '"production"',
      GATEHOUSE_SCRIPT_TAG_VERSION: JSON.stringify(version),
    },
    metafile: true,
    logLevel: 'warning',
  };
}

/** Keeps every dynamic import() an import() call, of the path `external(resolvedPath)` names. */
function dynamicImports(external) {
  return {
    name: 'gatehouse-dynamic-imports',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind !== 'dynamic-import' || args.pluginData === SKIP) return undefined;
        const result = await builder.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: SKIP,
        });
        if (result.errors.length > 0) return { errors: result.errors };
        return { path: external(result.path), external: true };
      });
    },
  };
}

/**
 * A package's index.ts only re-exports (DESIGN.md: explicit exports). The module build bundles these rather than
 * take them from gatehouse.js: exposing a whole package would keep every export of it in gatehouse.js, where
 * through the index the widget reaches only the modules it uses.
 */
const BARREL = /^packages\/[^/]+\/src\/(?:.+\/)?index\.tsx?$/;

/** The namespace of the stand-ins for gatehouse.js's modules in the module build. */
const SHARED_NAMESPACE = 'gatehouse-script';

/**
 * Resolves every import of a module gatehouse.js holds (`shared`, repository paths; barrels excepted) to
 * gatehouse.js's instance: a CommonJS module reading the global, so esbuild reads its exports at run time (live,
 * and no export list to keep in step). Marked free of side effects, so a stand-in nothing uses is dropped.
 */
function sharedWithScript({ shared, globalKey }) {
  return {
    name: 'gatehouse-shared-with-script',
    setup(builder) {
      builder.onResolve({ filter: /.*/ }, async (args) => {
        if (args.kind === 'entry-point' || args.pluginData === SKIP) return undefined;
        const result = await builder.resolve(args.path, {
          kind: args.kind,
          importer: args.importer,
          resolveDir: args.resolveDir,
          pluginData: SKIP,
        });
        if (result.errors.length > 0 || result.external || result.namespace !== 'file') return undefined;
        const path = repoPath(result.path);
        if (!shared.has(path) || BARREL.test(path)) return undefined;
        return { path, namespace: SHARED_NAMESPACE, sideEffects: false };
      });
      builder.onLoad({ filter: /.*/, namespace: SHARED_NAMESPACE }, (args) => ({
        contents: `module.exports = globalThis[${JSON.stringify(globalKey)}].modules[${JSON.stringify(args.path)}];\n`,
        loader: 'js',
      }));
    },
  };
}

/**
 * Builds the script tag into `outdir` (default SCRIPT_TAG_DIR), replacing what was there only once every file is
 * written. Resolves to what was built: the version, the hashed name, the module build's metafile (bench) and the
 * output file of each lazy module (by repository path).
 */
export async function buildScriptTag({ outdir = SCRIPT_TAG_DIR } = {}) {
  const { build } = await import('esbuild');
  const version = JSON.parse(readFileSync(REACT_PACKAGE, 'utf8')).version;
  const common = commonOptions(version);

  // 1. The probe: the modules gatehouse.js holds, and the ones it imports lazily.
  const lazy = new Map(); // absolute path → entry name of the module build
  const probe = await build({
    ...common,
    entryPoints: [CLASSIC_ENTRY],
    format: 'iife',
    write: false,
    plugins: [
      dynamicImports((path) => {
        if (!lazy.has(path)) {
          const base = moduleName(path);
          const taken = new Set(lazy.values());
          let name = base;
          for (let index = 2; taken.has(name); index += 1) name = `${base}-${index}`;
          lazy.set(path, name);
        }
        return path;
      }),
    ],
  });
  const shared = new Set(Object.keys(probe.metafile.inputs));
  for (const path of lazy.keys()) {
    if (shared.has(repoPath(path))) {
      throw new Error(`${repoPath(path)} is imported both statically and lazily by gatehouse.js`);
    }
  }
  // Same sources, same key: a page that loads two builds keeps each one's modules apart.
  const globalKey = `__gatehouse_${scriptTagHash(probe.outputFiles[0].contents).slice(0, 12)}`;

  const staging = `${outdir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    // 2. The ES modules: every lazy target an entry, split, with gatehouse.js's modules taken from the global.
    const modules = await build({
      ...common,
      entryPoints: Object.fromEntries([...lazy].map(([path, name]) => [name, path])),
      format: 'esm',
      splitting: true,
      outdir: join(staging, MODULE_FOLDER),
      entryNames: '[name]-[hash]',
      chunkNames: 'chunk-[hash]',
      plugins: [sharedWithScript({ shared, globalKey })],
    });
    const files = new Map(); // repository path of a lazy module → its file in MODULE_FOLDER
    const used = new Set(); // gatehouse.js's modules the module files read from the global
    for (const [output, meta] of Object.entries(modules.metafile.outputs)) {
      if (meta.entryPoint !== undefined) files.set(meta.entryPoint, basename(output));
      for (const [input, { bytesInOutput }] of Object.entries(meta.inputs)) {
        if (input.startsWith(`${SHARED_NAMESPACE}:`) && bytesInOutput > 0) {
          used.add(input.slice(SHARED_NAMESPACE.length + 1));
        }
      }
    }

    // 3. gatehouse.js: the entry, the modules the ES modules use exposed on the global, import() of their files.
    const exposed = [...used].sort();
    const entrySource = [
      ...exposed.map((path, index) => `import * as m${index} from ${JSON.stringify(join(ROOT, path))};`),
      // A named import, not a bare one: the package is `sideEffects: false` (for apps' bundlers), so esbuild drops
      // a bare import of it; defining window.Gatehouse is this file's job.
      `import { Gatehouse as __gatehouse } from ${JSON.stringify(CLASSIC_ENTRY)};`,
      "if (typeof window !== 'undefined') window.Gatehouse = __gatehouse;",
      // Read while the script runs (currentScript is null afterwards); the import() calls come later.
      "const script = typeof document === 'undefined' ? null : document.currentScript;",
      'const base = script && script.src ? script.src : null;',
      `if (!(${JSON.stringify(globalKey)} in globalThis)) {`,
      `  Object.defineProperty(globalThis, ${JSON.stringify(globalKey)}, {`,
      '    value: Object.freeze({',
      `      modules: Object.freeze({ ${exposed.map((path, index) => `${JSON.stringify(path)}: m${index}`).join(', ')} }),`,
      `      chunk: (file) => (base === null ? './${MODULE_FOLDER}/' + file : new URL('${MODULE_FOLDER}/' + file, base).href),`,
      '    }),',
      '  });',
      '}',
    ].join('\n');
    // Built as an ES module and wrapped in a function here, not as esbuild's IIFE: for an IIFE with external
    // import() calls esbuild adds its require and CommonJS helpers, which nothing calls (about 0.3 KiB gzip). The
    // entry exports nothing and every static import is bundled, so the module is a plain script once wrapped
    // (checked below); "use strict" keeps the semantics ES modules have.
    const classic = await build({
      ...common,
      stdin: { contents: entrySource, resolveDir: SOURCE_DIR, sourcefile: 'gatehouse.js', loader: 'js' },
      format: 'esm',
      write: false,
      plugins: [
        dynamicImports((path) => {
          const file = files.get(repoPath(path));
          if (file === undefined) throw new Error(`no module file for the lazy import of ${repoPath(path)}`);
          return `${CHUNK_MARKER}${file}`;
        }),
      ],
    });
    const [output] = Object.values(classic.metafile.outputs);
    const body = classic.outputFiles[0].text;
    if (
      output.exports.length > 0 ||
      output.imports.some((imported) => imported.kind !== 'dynamic-import') ||
      body.includes('import.meta')
    ) {
      throw new Error(
        'gatehouse.js: the classic entry must export nothing and import statically nothing external',
      );
    }
    let replaced = 0;
    const wrapped = [
      `/*! Gatehouse script tag ${version} (@gatehouse/react ${version}): window.Gatehouse. Served by a Gatehouse server at /gatehouse.js. */`,
      `(()=>{"use strict";${body.trimEnd()}})();`,
      '',
    ].join('\n');
    const code = wrapped.replace(
      new RegExp(`import\\("${CHUNK_MARKER}([A-Za-z0-9_.-]+)"\\)`, 'g'),
      (_match, file) => {
        replaced += 1;
        return `import(globalThis[${JSON.stringify(globalKey)}].chunk(${JSON.stringify(file)}))`;
      },
    );
    if (replaced === 0 || code.includes(CHUNK_MARKER)) {
      throw new Error('gatehouse.js: an import() of a module file was not rewritten to its URL');
    }
    const hash = scriptTagHash(code);
    writeFileSync(join(staging, `gatehouse.${hash}.js`), code);
    writeFileSync(join(staging, SCRIPT_FILE), code);

    rmSync(outdir, { recursive: true, force: true });
    renameSync(staging, outdir);
    return {
      version,
      hash,
      hashedFile: `gatehouse.${hash}.js`,
      modules: modules.metafile,
      lazyFiles: Object.fromEntries(files),
      exposed,
    };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Builds when stale (or `force`); resolves to 0 when the build is fresh or succeeded, 1 when it failed. */
export async function ensureScriptTagBuild({ force = false, outdir = SCRIPT_TAG_DIR } = {}) {
  if (!force && !scriptTagBuildIsStale(outdir)) return 0;
  console.error('Building the script tag (packages/react/src/script-tag → packages/server/dist/script-tag)…');
  try {
    await buildScriptTag({ outdir });
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return 1;
  }
}

/**
 * `npm run dev`: builds when stale, then again after each change to an input (debounced; one build at a time, and
 * a change during a build builds once more after it). Returns a handle whose close() stops watching.
 */
export function watchScriptTag({ outdir = SCRIPT_TAG_DIR } = {}) {
  let timer = null;
  let building = null;
  let again = false;
  const rebuild = async () => {
    if (building !== null) {
      again = true;
      return;
    }
    building = ensureScriptTagBuild({ outdir });
    await building;
    building = null;
    if (again) {
      again = false;
      await rebuild();
    }
  };
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(rebuild, 200);
  };
  const watchers = INPUTS.map((input) => {
    try {
      return watch(input, { recursive: true }, schedule);
    } catch {
      return null; // an input that does not exist (yet)
    }
  }).filter((watcher) => watcher !== null);
  rebuild();
  return {
    close() {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
    },
  };
}
