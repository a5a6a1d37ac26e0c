export declare const CHROMIUM_CANDIDATES: readonly string[];
export declare function findChromium(options?: { env?: Record<string, string | undefined> }): string | null;
export declare const HEADLESS_SHELL_CANDIDATES: string[];
export declare function findTestChromium(options?: {
  env?: Record<string, string | undefined>;
}): string | null;
