// Issue 27 item 4, "every code sample in the docs is run by a test": before they run, the ts and tsx samples of
// README.md and docs/**/*.md typecheck against the workspace's packages (docs/writing-docs.md). A file of its own so
// that vitest runs it beside the other docs tests (the compiler takes most of the docs tests' time).
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROOT, SAMPLES, type Sample } from './pages';

/** The tags whose ts and tsx samples are typechecked here; `example` samples are by their example app's build. */
const TYPECHECKED = new Set(['runnable', 'server', 'browser']);

describe('code samples', () => {
  it('ts and tsx samples typecheck against the workspace packages', () => {
    const samples = SAMPLES.filter((s) => /^tsx?$/.test(s.lang) && TYPECHECKED.has(s.tag));
    expect(samples.length).toBeGreaterThan(10);
    const diagnostics = typecheck(samples);
    expect(diagnostics).toEqual([]);
  });
});

function typecheck(samples: Sample[]): string[] {
  const configFile = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(configFile.config, ts.sys, ROOT);
  // Each sample is a module of its own, as if it sat in the repository root (so the workspace's node_modules and
  // its @gatehouse/source condition resolve); nothing is written to disk.
  const virtual = new Map<string, string>();
  samples.forEach((sample, index) => {
    virtual.set(join(ROOT, `.docs-sample-${index}.${sample.lang}`), sample.code);
  });
  const host = ts.createCompilerHost({ ...options, noEmit: true });
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (fileName, languageVersion, ...rest) => {
    const text = virtual.get(resolve(fileName));
    return text !== undefined
      ? ts.createSourceFile(fileName, text, languageVersion, true)
      : getSourceFile(fileName, languageVersion, ...rest);
  };
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (fileName) => virtual.has(resolve(fileName)) || fileExists(fileName);
  const program = ts.createProgram([...virtual.keys()], { ...options, noEmit: true, types: ['node'] }, host);
  const names = [...virtual.keys()];
  // Only the samples' own diagnostics: the packages they import are typechecked by `npm run typecheck`, and
  // checking every body of their sources here would take most of this test's time.
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...names.flatMap((name) => {
      const file = program.getSourceFile(name);
      return file === undefined
        ? []
        : [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    }),
  ];
  return diagnostics
    .filter((d) => d.file === undefined || names.includes(resolve(d.file.fileName)))
    .map((d) => {
      const index = d.file ? names.indexOf(resolve(d.file.fileName)) : -1;
      const sample = samples[index];
      const line = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line : 0;
      const at = sample ? `${sample.page}:${sample.line + 1 + line}` : '(program)';
      return `${at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
    });
}
