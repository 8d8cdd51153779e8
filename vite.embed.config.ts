import { defineConfig } from 'vite';

/**
 * The embeddable element: dist/embed/grundy-game.js with its workers and the
 * .wasm beside it, all found relative to the script wherever it is served.
 */
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist/embed',
    target: 'es2022',
    assetsInlineLimit: 0,
    copyPublicDir: false,
    rollupOptions: {
      input: { 'grundy-game': 'web/src/embed.ts' },
      preserveEntrySignatures: 'exports-only',
      output: { entryFileNames: '[name].js', assetFileNames: '[name][extname]' },
    },
  },
  worker: {
    format: 'es',
    // Each worker keeps its module's name: worker.js (the engine), sequence-worker.js.
    rollupOptions: { output: { entryFileNames: 'grundy-[name].js', assetFileNames: '[name][extname]' } },
  },
});
