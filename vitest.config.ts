import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The wasm tests run thousands of engine calls: seconds alone, many times
  // that beside a browser suite. A time limit here only catches a hang.
  test: { include: ['web/test/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
});
