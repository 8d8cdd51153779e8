import { defineConfig } from 'vite';

/**
 * The embeddable elements: dist/embed/grundy-game.js with its workers and the
 * .wasm beside it, all found relative to the script wherever it is served;
 * with `--mode lesson`, dist/embed/grundy-lesson.js beside them, which holds
 * `<grundy-game>` too, so a page that shows a lesson loads one script.
 */
export default defineConfig(({ mode }) => ({
  base: './',
  build: {
    outDir: 'dist/embed',
    emptyOutDir: mode !== 'lesson',
    target: 'es2022',
    assetsInlineLimit: 0,
    copyPublicDir: false,
    rollupOptions: {
      input: (mode === 'lesson' ? { 'grundy-lesson': 'web/src/lessons/embed.ts' } : { 'grundy-game': 'web/src/embed.ts' }) as Record<string, string>,
      preserveEntrySignatures: 'exports-only',
      // What loads only when used (the sequence explorer's chart) is a chunk beside the script.
      output: { entryFileNames: '[name].js', chunkFileNames: 'grundy-chunk-[name]-[hash].js', assetFileNames: '[name][extname]' },
    },
  },
  worker: {
    format: 'es',
    // Each worker keeps its module's name: worker.js (the engine), sequence-worker.js.
    rollupOptions: { output: { entryFileNames: 'grundy-[name].js', assetFileNames: '[name][extname]' } },
  },
}));
