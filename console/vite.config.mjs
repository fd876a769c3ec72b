// Builds the browser console (`/`) and the GraphQL IDE (`/graphql` in development) into static
// files under dist/console, with every asset bundled from npm packages: nothing is fetched from a
// CDN, so both work offline. `npm run build` runs it; the service serves the output.
import { resolve } from 'node:path';
import { defineConfig } from 'vite';

const root = import.meta.dirname;

export default defineConfig({
  root,
  base: '/console/',
  logLevel: 'warn',
  build: {
    outDir: resolve(root, '../dist/console'),
    emptyOutDir: true,
    // The IDE's editor (Monaco) is large by nature; it is loaded only by the IDE page.
    chunkSizeWarningLimit: 5000,
    rollupOptions: {
      input: { index: resolve(root, 'index.html'), graphiql: resolve(root, 'graphiql.html') },
      // GraphiQL's React packages mark modules "use client" (a server-rendering hint, moot here).
      onwarn(warning, warn) {
        if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
      },
    },
  },
  esbuild: { jsx: 'automatic' },
});
