import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * The playground, the embed page, the iframe page and the benchmark page,
 * built into dist/, as an installable web app: a service worker precaches
 * every page, script and the .wasm, so a visit works offline afterwards.
 */
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    target: 'es2022',
    assetsInlineLimit: 0,
    rollupOptions: { input: { main: 'index.html', embed: 'embed.html', frame: 'frame.html', lesson: 'lesson.html', class: 'class.html', play: 'play.html', puzzles: 'puzzles.html', bench: 'bench.html' } },
  },
  worker: { format: 'es' },
  plugins: [
    VitePWA({
      registerType: 'autoUpdate',
      // Each of the site's pages registers it (web/src/offline.ts); the iframe page does not.
      injectRegister: false,
      manifest: {
        name: 'Grundy Playground',
        short_name: 'Grundy',
        description: 'Play, teach and embed Sprague–Grundy games',
        start_url: './',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#0b57d0',
        icons: [{ src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' }],
      },
      workbox: {
        globPatterns: ['**/*.{html,js,css,wasm,svg,json,md}'],
        // The benchmark page and its own .wasm are a developer's tool, not the app.
        globIgnores: ['**/bench*', '**/grundy-bench*'],
        // The engine's .wasm is the largest file, and the one offline play needs most.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        // A query only configures the file it is on (frame.html?game=…, a worker's
        // ?wasm=…), so every query is served by the one precached file.
        ignoreURLParametersMatching: [/.*/],
        // Pages are separate files, not routes of one app: no fallback to index.html.
        navigateFallback: null,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
  ],
});
