// Test-only helpers of the password tests: two passwords the default zxcvbn policy accepts (and no breach list
// holds), and a bounded wait for an e-mail that goes out after the answer (reset/start, EN-02).

export const STRONG = 'Tumbling-Kettle-Orbit-4471';
export const STRONG_2 = 'Velvet-Quarry-Nimbus-8203';

/**
 * argon2id parameters for tests of what happens AROUND a password (ceilings, throttles, notices): 1 MiB and one pass,
 * so a hundred attempts cost milliseconds. Tests of hashing itself keep OWASP_ARGON2ID.
 */
export const CHEAP_ARGON2 = Object.freeze({ memoryCost: 1024, timeCost: 1, parallelism: 1 });

/**
 * Waits (bounded: 10 s) for the n-th delivered message: reset/start stores and sends its link after the answer
 * (EN-02), a database round trip or two later.
 */
export async function nthMessage<T>(messages: T[], n: number): Promise<T> {
  const deadline = Date.now() + 10_000;
  while (messages.length < n && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  const message = messages[n - 1];
  if (message === undefined) throw new Error(`message ${n} was not delivered`);
  return message;
}

/**
 * Waits (bounded: 10 s) for the first message delivered after the first `after` that carries a link: a reset or login
 * link goes out after the answer, and security notices (issue 20 item 4, no link) may be delivered in between.
 */
export async function nextLinkMessage<T extends { text: string }>(messages: T[], after: number): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = messages.slice(after).find((message) => /https?:\/\//.test(message.text));
    if (found !== undefined) return found;
    if (Date.now() >= deadline)
      throw new Error(`no message with a link was delivered after message ${after}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}
