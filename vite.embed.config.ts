import { defineConfig } from 'vite';

/**
 * The embeddable elements: dist/embed/grundy-game.js and grundy-lesson.js
 * with their workers and the .wasm beside them, all found relative to the
 * scripts wherever they are served. Built together, the two share one
 * chunk of everything `<grundy-game>` needs, so a page that shows a game
 * and a lesson loads it, its worker and its .wasm once.
 */
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist/embed',
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    copyPublicDir: false,
    rollupOptions: {
      input: { 'grundy-game': 'web/src/embed.ts', 'grundy-lesson': 'web/src/lessons/embed.ts' },
      preserveEntrySignatures: 'exports-only',
      // What the two scripts share, and what loads only when used (the sequence explorer's chart), are chunks beside them,
      // unhashed like the scripts, so that a snippet can name the shared one in a preload hint.
      // The puzzle bank's files, read one game at a time by puzzle="daily" and "random", are puzzles/<game>.json.
      output: {
        entryFileNames: '[name].js',
        chunkFileNames: 'grundy-chunk-[name].js',
        assetFileNames: (asset) => (asset.names.some((name) => name.endsWith('.json')) ? 'puzzles/[name][extname]' : '[name][extname]'),
      },
    },
  },
  worker: {
    format: 'es',
    // Each worker keeps its module's name: worker.js (the engine), sequence-worker.js.
    rollupOptions: { output: { entryFileNames: 'grundy-[name].js', assetFileNames: '[name][extname]' } },
  },
});
