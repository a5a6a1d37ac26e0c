// The web application build (DESIGN.md "Packages": apps/web). No React plugin: Vite's oxc transform compiles
// TSX with the automatic runtime. Workspace packages are bundled from source through the custom condition.
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/',
  resolve: { conditions: ['@gatehouse/source', ...defaultClientConditions] },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Spec-compliant, ES2022 browsers (the widget targets evergreen browsers).
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // Two pages: the app, and the client-side services page the Stytch pre-built UI frames (issue 14 item 1;
      // src/clientside-services/main.ts says why it is an entry of this build).
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        'clientside-services': fileURLToPath(new URL('clientside-services/index.html', import.meta.url)),
      },
      // react-hot-toast starts with "use client" (a React Server Components marker); meaningless in this
      // client-only bundle, so its warning is noise.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('use client')) return;
        handler(level, log);
      },
    },
  },
  server: {
    // `npm run dev -w apps/web` alone has no API; the server on :3000 answers these paths.
    proxy: {
      '/sdk': 'http://localhost:3000',
      '/v1': 'http://localhost:3000',
      '/dev': 'http://localhost:3000',
    },
  },
});
