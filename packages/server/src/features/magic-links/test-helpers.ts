// Test-only helpers of the login-link tests: a recording delivery, a fake clock and link parsing.
import type { Clock, Delivery, OutgoingMessage } from '../../infra/context';
import { s256Challenge } from '../../infra/pkce';

export function recordingDelivery(): Delivery & { messages: OutgoingMessage[]; last(): OutgoingMessage } {
  const messages: OutgoingMessage[] = [];
  return {
    messages,
    async send(message) {
      messages.push(message);
    },
    last() {
      const message = messages.at(-1);
      if (!message) throw new Error('no message was sent');
      return message;
    },
  };
}

export function fakeClock(start = new Date('2030-01-01T00:00:00.000Z')): Clock & {
  set(date: Date): void;
  advance(ms: number): void;
} {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date) => {
      current = date.getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

/** The login link in a message's text part, and its token. */
export function linkIn(message: OutgoingMessage): { url: URL; token: string } {
  const match = message.text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in ${JSON.stringify(message.text)}`);
  const url = new URL(match[0]);
  const token = url.searchParams.get('token');
  if (!token) throw new Error(`no token in ${url.href}`);
  return { url, token };
}

/** A verifier shaped like the SDK's (wire-format.md §6: 16 random 32-bit values in hex) and its challenge. */
export function pkcePair(seed = 1): { verifier: string; challenge: string } {
  const verifier = Array.from({ length: 16 }, (_, i) => ((0x9e3779b9 * (i + seed)) >>> 0).toString(16)).join(
    '',
  );
  return { verifier, challenge: s256Challenge(verifier) };
}
