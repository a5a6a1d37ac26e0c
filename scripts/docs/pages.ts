// Issue 27 item 4: reading README.md and docs/**/*.md for the docs tests (scripts/docs/*.test.ts): pages, their
// anchors and links, and their fenced code samples with the tag of the convention (docs/writing-docs.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (also ./generate.ts's; repeated so the E2E spec reading samples loads nothing else). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Page {
  path: string;
  text: string;
}

export interface Sample {
  page: string;
  line: number;
  lang: string;
  /** The first word after the language (`runnable`, `browser`, …), or '' when there is none. */
  tag: string;
  /** The rest of the opening line after the tag (the file of an `example` sample), or null. */
  argument: string | null;
  code: string;
}

/**
 * The pages the other issue 27 helpers write (docs/localization*.md); linked from docs/README.md before they are
 * merged. Listed here so the link check names them as expected rather than skipping links: once they exist, their
 * links and samples are checked like every other page.
 */
export const PAGES_WRITTEN_ELSEWHERE = new Set([
  'docs/localization.md',
  'docs/localization-web.md',
  'docs/localization-messages.md',
]);

function markdownFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...markdownFiles(path));
    else if (entry.name.endsWith('.md')) files.push(path);
  }
  return files.sort();
}

export const PAGES: Page[] = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))].map((path) => ({
  path: relative(ROOT, path),
  text: readFileSync(path, 'utf8'),
}));

/** The text outside fenced code blocks (links and headings live there), with each line's number kept. */
export function proseLines(text: string): Array<{ line: number; text: string }> {
  const lines: Array<{ line: number; text: string }> = [];
  let fence: string | null = null;
  text.split('\n').forEach((line, index) => {
    const marker = /^\s*(```|~~~)/.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1]!;
      else if (fence === marker[1]) fence = null;
      return;
    }
    if (fence === null) lines.push({ line: index + 1, text: line });
  });
  return lines;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, `-1`, `-2` for repeats. */
export function slug(heading: string): string {
  return heading
    .replace(/`/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/ /g, '-');
}

export function anchorsOf(text: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const { text: line } of proseLines(text)) {
    const heading = /^#{1,6} (.+?)\s*#*\s*$/.exec(line);
    if (heading) {
      const base = slug(heading[1]!);
      const count = seen.get(base) ?? 0;
      seen.set(base, count + 1);
      anchors.add(count === 0 ? base : `${base}-${count}`);
    }
    for (const id of line.matchAll(/<a (?:id|name)="([^"]+)"/g)) anchors.add(id[1]!);
  }
  return anchors;
}

export function samplesOf(page: Page): Sample[] {
  const samples: Sample[] = [];
  const lines = page.text.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const open = /^(\s*)```(\S*)\s*(.*)$/.exec(lines[index]!);
    if (!open) continue;
    const indent = open[1]!.length;
    const body: string[] = [];
    let end = index + 1;
    while (end < lines.length && !/^\s*```\s*$/.test(lines[end]!)) {
      body.push(lines[end]!.slice(Math.min(indent, lines[end]!.length - lines[end]!.trimStart().length)));
      end += 1;
    }
    const [tag = '', ...rest] = open[3]!.trim().split(/\s+/);
    samples.push({
      page: page.path,
      line: index + 1,
      lang: open[2]!,
      tag,
      argument: rest.length > 0 ? rest.join(' ') : null,
      code: body.join('\n'),
    });
    index = end;
  }
  return samples;
}

export const SAMPLES = PAGES.flatMap(samplesOf);
export const samplesTagged = (lang: RegExp, tag: string) =>
  SAMPLES.filter((s) => lang.test(s.lang) && s.tag === tag);
export const where = (sample: Sample) => `${sample.page}:${sample.line}`;
