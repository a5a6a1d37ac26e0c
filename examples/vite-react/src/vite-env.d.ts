interface ImportMetaEnv {
  readonly VITE_GATEHOUSE_URL: string;
  readonly VITE_GATEHOUSE_PUBLIC_TOKEN: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
