// Issue 22 finding 6: the strength check's `feedback.warning` (and a weak_password error_message, which joins the
// warning and the suggestions) is zxcvbn's English text, and the server keeps sending it as zxcvbn writes it
// (wire-format.md §4.10: Stytch clients read it). Some of it is written for developers ("There should not be any
// personal or page related data."), so the widget shows each known sentence as its entry in the strings table.
// A sentence this table does not know (a newer zxcvbn, another language) is shown as the server sent it.
import type { PASSWORD_STRINGS } from './password-strings';

type HintKey = Extract<keyof typeof PASSWORD_STRINGS, `passwordHint${string}`>;

/** @zxcvbn-ts/language-en 4.1.1 translations (warnings, then suggestions), each with its plain wording's key. */
export const ZXCVBN_SENTENCES: ReadonlyArray<readonly [sentence: string, key: HintKey]> = [
  ['Straight rows of keys on your keyboard are easy to guess.', 'passwordHintKeyboardRow'],
  ['Short keyboard patterns are easy to guess.', 'passwordHintKeyboardPattern'],
  ['Repeated characters like "aaa" are easy to guess.', 'passwordHintRepeat'],
  ['Repeated character patterns like "abcabcabc" are easy to guess.', 'passwordHintRepeatPattern'],
  ['Common character sequences like "abc" are easy to guess.', 'passwordHintSequence'],
  ['Recent years are easy to guess.', 'passwordHintRecentYear'],
  ['Dates are easy to guess.', 'passwordHintDate'],
  ['This is a heavily used password.', 'passwordHintVeryCommon'],
  ['This is a frequently used password.', 'passwordHintVeryCommon'],
  ['This is a commonly used password.', 'passwordHintCommon'],
  ['This is similar to a commonly used password.', 'passwordHintSimilarToCommon'],
  ['Single words are easy to guess.', 'passwordHintSingleWord'],
  ['Single names or surnames are easy to guess.', 'passwordHintName'],
  ['Common names and surnames are easy to guess.', 'passwordHintName'],
  ['There should not be any personal or page related data.', 'passwordHintPersonalData'],
  ['Your password was exposed by a data breach on the Internet.', 'passwordHintBreached'],
  ["Avoid predictable letter substitutions like '@' for 'a'.", 'passwordHintSubstitution'],
  ['Avoid reversed spellings of common words.', 'passwordHintReversed'],
  ['Capitalize some, but not all letters.', 'passwordHintAllCaps'],
  ['Capitalize more than the first letter.', 'passwordHintCapitalization'],
  ['Avoid dates and years that are associated with you.', 'passwordHintPersonalDates'],
  ['Avoid recent years.', 'passwordHintAvoidRecentYears'],
  ['Avoid years that are associated with you.', 'passwordHintPersonalDates'],
  ['Avoid common character sequences.', 'passwordHintAvoidSequences'],
  ['Avoid repeated words and characters.', 'passwordHintAvoidRepeats'],
  ['Use longer keyboard patterns and change typing direction multiple times.', 'passwordHintLongerPattern'],
  ['Add more words that are less common.', 'passwordHintMoreWords'],
  ['Use multiple words, but avoid common phrases.', 'passwordHintUseWords'],
  [
    'You can create strong passwords without using symbols, numbers, or uppercase letters.',
    'passwordHintNoSymbolsNeeded',
  ],
  ['If you use this password elsewhere, you should change it.', 'passwordHintChangeElsewhere'],
];

/**
 * `text` with every zxcvbn sentence in it replaced by its plain wording from `strings` (the resolved password
 * strings, overrides applied). Other text is kept as it is; a sentence that appears twice after the replacement
 * (two zxcvbn sentences with one plain wording) is said once.
 */
export function plainPasswordFeedback(text: string, strings: Readonly<Record<HintKey, string>>): string {
  let result = text;
  const used = new Set<string>();
  for (const [sentence, key] of ZXCVBN_SENTENCES) {
    if (!result.includes(sentence)) continue;
    const plain = strings[key];
    result = result.split(sentence).join(used.has(plain) ? '' : plain);
    used.add(plain);
  }
  return result === text ? text : result.replace(/\s{2,}/g, ' ').trim();
}
