export declare const CHROMIUM_CANDIDATES: readonly string[];
export declare function findChromium(options?: { env?: Record<string, string | undefined> }): string | null;
