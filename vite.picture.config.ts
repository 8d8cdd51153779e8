import { defineConfig } from 'vite';

/**
 * `grundy-game render`, the npm package's command: the boards drawn in Node
 * by Lit's server rendering (web/src/picture/), bundled with everything it
 * imports into one script, grundy-render.js, which reads the whole engine
 * (grundy_bg.wasm) from beside itself. scripts/package.mjs puts both in the
 * npm package, whose `bin` it is.
 */
export default defineConfig({
  build: {
    ssr: 'web/src/picture/cli.ts',
    outDir: 'dist/picture',
    emptyOutDir: true,
    target: 'node20',
    copyPublicDir: false,
    minify: true,
    rollupOptions: { output: { entryFileNames: 'grundy-render.js', codeSplitting: false, banner: '#!/usr/bin/env node' } },
  },
  ssr: { noExternal: true, target: 'node' },
});
