// Issue 27 item 1: the two helpers the locale tables share. Plurals go through the browser's own CLDR rules
// (Intl.PluralRules) instead of an ICU message library: the app has four counted strings, and Intl costs no bytes.

/** The CLDR plural category of `count` in `locale` ("one", "two", "few", "many", "other", "zero"). */
export function pluralCategory(locale: string, count: number): Intl.LDMLPluralRule {
  return new Intl.PluralRules(locale).select(count);
}

/**
 * Issue 27 item 3: a value that reads left to right (an e-mail address, a phone number, a code, a device or provider
 * name) inside a sentence of a right-to-left language, isolated (U+2066 LEFT-TO-RIGHT ISOLATE … U+2069 POP DIRECTIONAL
 * ISOLATE) so the bidirectional algorithm neither reorders its characters nor lets them pull the sentence's
 * punctuation around.
 */
export function ltr(value: string): string {
  return `\u2066${value}\u2069`;
}
