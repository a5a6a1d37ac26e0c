// Issue 27 "Tests that show it": "a test fails when a locale lacks a key that English has, or a string has a
// placeholder the English one lacks". The types catch a missing key at compile time; this catches at run time what
// types cannot: a function that ignores one of its values (an argument English shows but the translation drops), a
// value English never shows, a placeholder written into a plain string ("{name}", "${name}", "%s"), and an empty
// string. Shared by the web app's and the console sign-in's locale tests.

/** Stands in for the n-th argument: text no translation contains by itself. */
export function sentinel(index: number): string {
  return `⟦arg${index}⟧`;
}

const PLACEHOLDER = /\{[A-Za-z_][\w.]*\}|\$\{|%[sd]|\{\{/g;

function placeholders(text: string): string[] {
  return text.match(PLACEHOLDER) ?? [];
}

function kind(value: unknown): 'string' | 'function' | 'object' | 'other' {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'function') return 'function';
  if (value !== null && typeof value === 'object') return 'object';
  return 'other';
}

/**
 * Every difference between `candidate` (a locale's table) and `reference` (English) that would show as a wrong or
 * missing text; empty when none. Each problem names its key path.
 */
export function compareTables(reference: unknown, candidate: unknown, path = ''): string[] {
  const problems: string[] = [];
  const referenceKind = kind(reference);
  const candidateKind = kind(candidate);
  if (candidate === undefined) return [`${path}: missing (English has it)`];
  if (referenceKind !== candidateKind)
    return [`${path}: is a ${candidateKind}, English's is a ${referenceKind}`];

  if (referenceKind === 'object') {
    const ref = reference as Record<string, unknown>;
    const cand = candidate as Record<string, unknown>;
    for (const key of Object.keys(ref)) {
      problems.push(...compareTables(ref[key], cand[key], path === '' ? key : `${path}.${key}`));
    }
    for (const key of Object.keys(cand)) {
      if (!(key in ref)) problems.push(`${path === '' ? key : `${path}.${key}`}: not in English`);
    }
    return problems;
  }

  if (referenceKind === 'string') {
    const text = candidate as string;
    if (text.trim() === '') problems.push(`${path}: empty`);
    const extra = placeholders(text).filter((token) => !placeholders(reference as string).includes(token));
    if (extra.length > 0) problems.push(`${path}: placeholder ${extra.join(', ')} that English lacks`);
    return problems;
  }

  if (referenceKind === 'function') {
    const ref = reference as (...args: unknown[]) => unknown;
    const cand = candidate as (...args: unknown[]) => unknown;
    if (cand.length !== ref.length) {
      return [`${path}: takes ${cand.length} value(s), English's takes ${ref.length}`];
    }
    const args = Array.from({ length: ref.length }, (_, index) => sentinel(index));
    const refText = String(ref(...args));
    const candText = String(cand(...args));
    if (candText.trim() === '') problems.push(`${path}: empty`);
    args.forEach((arg, index) => {
      const inReference = refText.includes(arg);
      const inCandidate = candText.includes(arg);
      if (inReference && !inCandidate)
        problems.push(`${path}: drops value ${index + 1}, which English shows`);
      if (!inReference && inCandidate)
        problems.push(`${path}: shows value ${index + 1}, which English does not`);
    });
    const extra = placeholders(candText).filter((token) => !placeholders(refText).includes(token));
    if (extra.length > 0) problems.push(`${path}: placeholder ${extra.join(', ')} that English lacks`);
    return problems;
  }
  return problems;
}
