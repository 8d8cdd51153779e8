import { defineConfig } from '@playwright/test';
import { chromiumLaunch } from './scripts/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 4391);
/**
 * The class server for tests/e2e/class.spec.ts: `scripts/test.sh` names the
 * built grundy, a free port and an empty data folder.
 */
const classServer = process.env.GRUNDY_BIN && process.env.CLASS_PORT && process.env.CLASS_DATA
  ? [{
      command: `"${process.env.GRUNDY_BIN}" serve --port ${process.env.CLASS_PORT} --data "${process.env.CLASS_DATA}" --dist dist`,
      url: `http://127.0.0.1:${process.env.CLASS_PORT}/api/health`,
      reuseExistingServer: false,
      stdout: 'ignore' as const,
    }]
  : [];

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  fullyParallel: true,
  workers: 2,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}/`,
    browserName: 'chromium',
    launchOptions: chromiumLaunch,
    trace: 'off',
    actionTimeout: 10_000,
  },
  webServer: [
    {
      command: `node scripts/serve.mjs`,
      env: { PORT: String(port) },
      url: `http://127.0.0.1:${port}/`,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    ...classServer,
  ],
});
