export declare const HAPROXY_CANDIDATES: readonly string[];
export declare const HAPROXY_HOW_TO: string;
export declare function findHaproxy(options?: { env?: Record<string, string | undefined> }): string | null;
