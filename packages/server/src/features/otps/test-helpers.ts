// Test-only helpers of the passcode tests.
import type { OutgoingMessage } from '../../infra/context';

/** The 6-digit passcode in a message's text (the only standalone 6-digit number in it). */
export function codeIn(message: OutgoingMessage): string {
  const match = message.text.match(/(?<!\d)\d{6}(?!\d)/);
  if (!match) throw new Error(`no code in ${JSON.stringify(message.text)}`);
  return match[0];
}

/** A 6-digit code that is not `code`. */
export function wrongCode(code: string): string {
  return code === '000000' ? '000001' : '000000';
}
