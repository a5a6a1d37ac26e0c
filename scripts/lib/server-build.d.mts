export declare const SERVER_DIR: string;
export declare const SERVER_BUNDLE: string;
export declare function serverBuildIsStale(): boolean;
export declare function ensureServerBuild(options?: { force?: boolean; outfile?: string }): Promise<number>;
