import type { Metafile } from 'esbuild';

export declare const SCRIPT_TAG_DIR: string;
export declare const SCRIPT_FILE: string;
export declare const MODULE_FOLDER: string;
export declare function scriptTagBuildIsStale(outdir?: string): boolean;
export declare function scriptTagHash(contents: string | Uint8Array): string;
export interface ScriptTagBuild {
  /** The @gatehouse/react version (Gatehouse.version). */
  version: string;
  /** gatehouse.js's hash, as in gatehouse.<hash>.js and the server's ETag. */
  hash: string;
  hashedFile: string;
  /** The metafile of the module build (its outputs are the files of MODULE_FOLDER). */
  modules: Metafile;
  /** Repository path of each module gatehouse.js imports lazily → its file in MODULE_FOLDER. */
  lazyFiles: Record<string, string>;
  /** Repository paths of gatehouse.js's modules the module files take from it. */
  exposed: string[];
}
export declare function buildScriptTag(options?: { outdir?: string }): Promise<ScriptTagBuild>;
export declare function ensureScriptTagBuild(options?: { force?: boolean; outdir?: string }): Promise<number>;
export declare function watchScriptTag(options?: { outdir?: string }): { close(): void };
