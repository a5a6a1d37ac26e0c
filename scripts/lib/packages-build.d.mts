// Types of packages-build.mjs for the TypeScript callers (e2e/support/examples.ts).
export interface PublishedPackage {
  dir: string;
  name: string;
  entries: string[];
  useClient?: boolean;
}
export declare const PUBLISHED_PACKAGES: PublishedPackage[];
export declare const PACK_DIR: string;
export declare function fullySpecifyDeclarations(distDir: string): void;
export declare function buildPackage(pkg: PublishedPackage): Promise<void>;
export declare function buildPackages(): Promise<void>;
export declare function publishedManifest(
  manifest: Record<string, unknown>,
  pkg: PublishedPackage,
): Record<string, unknown>;
export declare function packPackages(options?: { destination?: string }): Promise<Record<string, string>>;
