export declare const CONSOLE_DIR: string;
export declare const CONSOLE_DIST_INDEX: string;
export declare function consoleBuildIsStale(): boolean;
export declare function buildConsole(extraArgs?: string[]): Promise<number>;
export declare function ensureConsoleBuild(options?: { force?: boolean }): Promise<number>;
