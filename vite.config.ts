import { defineConfig } from 'vite';

/** The playground, the embed page, the iframe page and the benchmark page, built into dist/. */
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    target: 'es2022',
    assetsInlineLimit: 0,
    rollupOptions: { input: { main: 'index.html', embed: 'embed.html', frame: 'frame.html', bench: 'bench.html' } },
  },
  worker: { format: 'es' },
});
