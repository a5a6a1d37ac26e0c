// Issue 27 item 1: the shape of one locale file. Every key of English (strings.ts `Strings`, the lazily loaded
// tables' keys included) is required, so a locale that lacks one fails the typecheck; locales.test.ts checks the
// same at run time with the placeholders.
import type { LazyStringKey, StringKey } from '../strings';

export type LocaleTable = { readonly [K in StringKey | LazyStringKey]: string };

/**
 * The keys whose `{count}` may be written as an ICU plural (`{count, plural, one {# mot} other {# mots}}`): their
 * screens format them with message-format.ts. Every other placeholder is a plain `{name}`.
 */
export const PLURAL_KEYS = ['ludsMinimumLength', 'ludsComplexity', 'passwordMinimumLengthHint'] as const;
