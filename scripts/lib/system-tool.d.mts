export declare function isExecutable(path: string): boolean;
export declare function findExecutable(options: {
  envVar: string;
  command?: string | null;
  candidates: readonly string[];
  env?: Record<string, string | undefined>;
}): string | null;
export declare function canInstallDebianPackages(): boolean;
export declare function failWith(tag: string, howTo: string, message: string): never;
export declare function installDebianPackages(tag: string, howTo: string, packages: readonly string[]): void;
export declare function ensureExecutable(options: {
  tag: string;
  find: () => string | null;
  packageName: string;
  howTo: string;
  looked: string;
  installTime: string;
}): string;
