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
 * One forwarding function per name, passing its arguments on to the loaded object's method (smaller in the initial
 * bundle than each written out). Each stays an async function, so a failed load or a usage error rejects.
 */
export function forwarding<T extends object>(get: () => Promise<T>, names: readonly (keyof T & string)[]) {
  return Object.fromEntries(
    names.map((name) => [
      name,
      async (...args: never[]) => ((await get())[name] as (...args: never[]) => Promise<unknown>)(...args),
    ]),
  ) as Partial<T>;
}
