// Test-only helpers of the password tests: two passwords the default zxcvbn policy accepts (and no breach list
// holds), and a bounded wait for an e-mail that goes out after the answer (reset/start, EN-02).

export const STRONG = 'Tumbling-Kettle-Orbit-4471';
export const STRONG_2 = 'Velvet-Quarry-Nimbus-8203';

/** Waits (bounded) for the n-th delivered message. */
export async function nthMessage<T>(messages: T[], n: number): Promise<T> {
  for (let round = 0; round < 500 && messages.length < n; round += 1) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  const message = messages[n - 1];
  if (message === undefined) throw new Error(`message ${n} was not delivered`);
  return message;
}
