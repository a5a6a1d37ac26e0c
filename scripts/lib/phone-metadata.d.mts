export declare const PHONE_METADATA_DIR: string;
export declare function readMinMetadata(): {
  version: number;
  country_calling_codes: Record<string, string[]>;
  countries: Record<string, unknown>;
  nonGeographic?: Record<string, unknown>;
};
export declare function splitPhoneMetadata(metadata: ReturnType<typeof readMinMetadata>): Map<string, string>;
