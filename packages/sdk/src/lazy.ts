// The two helpers behind every lazily loaded method module (client.ts): the code of passwords, passkeys, OAuth,
// wallets, TOTP, passcodes and the signed-in user calls loads on their first call, so pages that never make them
// neither download nor evaluate it (issue 3 and issue 21: the headless SDK ≤ 8 KiB gzip, bench widget-size).

/** One load shared by every caller; a failed load is forgotten so the next call tries again. */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
}

/**
 * One forwarding function per name, passing its arguments on to that method of the loaded object, or of its `member`
 * (otps.sms, oauth.google, …). Smaller in the initial bundle than each written out. Each stays an async function, so
 * a failed load or a usage error rejects; every call awaits the load once, so calls made in a row reach the loaded
 * methods in that order.
 */
export function forwarding<T extends object>(
  get: () => Promise<T>,
  names: readonly (keyof T & string)[],
): Partial<T>;
export function forwarding<T extends object, K extends keyof T>(
  get: () => Promise<T>,
  names: readonly (keyof T[K] & string)[],
  member: K,
): Partial<T[K]>;
export function forwarding(get: () => Promise<object>, names: readonly string[], member?: PropertyKey) {
  type Methods = Record<string, (...args: unknown[]) => unknown>;
  return Object.fromEntries(
    names.map((name) => [
      name,
      async (...args: unknown[]) => {
        const loaded = (await get()) as Record<PropertyKey, Methods>;
        return (member === undefined ? (loaded as unknown as Methods) : loaded[member]!)[name]!(...args);
      },
    ]),
  );
}
