export declare const WEB_DIR: string;
export declare const WEB_DIST_INDEX: string;
export declare function webBuildIsStale(): boolean;
export declare function buildWeb(extraArgs?: string[]): Promise<number>;
export declare function ensureWebBuild(options?: { force?: boolean }): Promise<number>;
