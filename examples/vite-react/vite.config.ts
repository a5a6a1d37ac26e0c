// A plain Vite React app. No React plugin: Vite's own transform compiles TSX with React's automatic runtime
// (add @vitejs/plugin-react for Fast Refresh in development; the widget does not need it).
import { defineConfig } from 'vite';

export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  server: { port: 5173, strictPort: true },
  preview: { port: 5173, strictPort: true },
});
