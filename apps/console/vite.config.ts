// Issue 26 item 1: the operator console's build (apps/console → apps/console/dist), served by the server at /console
// (packages/server/src/features/console). Its own Vite build, separate from apps/web's: the sign-in page never loads
// a byte of the console (item 4), and the console's assets live under /console/assets/. No React plugin: Vite's oxc
// transform compiles TSX with the automatic runtime, as apps/web does. Workspace packages are bundled from source.
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: '/console/',
  resolve: { conditions: ['@gatehouse/source', ...defaultClientConditions] },
  oxc: { jsx: { runtime: 'automatic' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // react-hot-toast (in the widget) starts with "use client": meaningless in a client-only bundle.
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE' && log.message.includes('use client')) return;
        handler(level, log);
      },
    },
  },
  server: {
    // `npm run dev -w apps/console` alone has no API; the server on :3000 answers these paths.
    proxy: {
      '/sdk': 'http://localhost:3000',
      '/admin': 'http://localhost:3000',
      '/favicon.svg': 'http://localhost:3000',
    },
  },
});
