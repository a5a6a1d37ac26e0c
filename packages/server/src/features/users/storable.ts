// security-tests.md IV-04 / Part 7 §7: NUL bytes and lone surrogates would surface as Postgres errors (500s), and
// unbounded nesting as a stack overflow; they are refused as 400 before anything is written.
import { ApiError } from '../../infra/errors';

const MAX_DEPTH = 16;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function badInput(field: string, why: string): ApiError {
  return new ApiError('invalid_user_metadata', `${field} ${why}.`);
}

export function assertStorableText(field: string, value: string): void {
  if (value.includes('\u0000')) throw badInput(field, 'must not contain NUL characters');
  if (LONE_SURROGATE.test(value)) throw badInput(field, 'must be well-formed Unicode');
}

/** Walks a parsed JSON value iteratively (no recursion, so no stack overflow) checking depth and every string. */
export function assertStorableJson(field: string, value: unknown): void {
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const item = stack.pop()!;
    if (typeof item.value === 'string') {
      assertStorableText(field, item.value);
      continue;
    }
    if (item.value === null || typeof item.value !== 'object') continue;
    if (item.depth >= MAX_DEPTH) throw badInput(field, `must not be nested deeper than ${MAX_DEPTH} levels`);
    const entries = Array.isArray(item.value)
      ? item.value.map((v) => ['', v] as const)
      : Object.entries(item.value);
    for (const [key, child] of entries) {
      if (key) assertStorableText(field, key);
      stack.push({ value: child, depth: item.depth + 1 });
    }
  }
}
