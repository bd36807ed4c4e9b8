import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Route interception must see the service worker's own fetches too, so offline tests can fault
// the network at the worker level (microsoft/playwright#2311).
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

// One temporary DATA_DIR per run, created in the main process and inherited by the workers.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'waves-e2e-'));
const port = Number(process.env.E2E_PORT ?? 4173);
export const baseURL = `http://localhost:${port}`;

// The tests run against the production artifacts of `npm run build`: the compiled server
// (E2E_SERVER_DIR, default build/) serving the client build (E2E_STATIC_DIR, default dist/).
export const serverEntry = path.resolve(process.env.E2E_SERVER_DIR ?? 'build', 'server/main.js');

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--autoplay-policy=no-user-gesture-required',
];

export default defineConfig({
  testDir: 'tests/e2e',
  // Parallel runs (several people, several builds) keep their artifacts apart.
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list']],
  use: {
    baseURL,
    // Recording a trace costs every test about a fifth of its time on this 2-core machine (three
    // files: 115 against 138–150 s), so only a retry records one; `--trace on` for a local run.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: chromiumArgs,
    },
  },
  projects: [
    {
      name: 'phone',
      use: {
        ...devices['Pixel 7'],
        browserName: 'chromium',
        viewport: { width: 390, height: 844 },
      },
    },
  ],
  webServer: {
    command: `node --enable-source-maps ${JSON.stringify(serverEntry)}`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: process.env.E2E_DATA_DIR,
      SEED_DEMO: 'false',
      STATIC_DIR: process.env.E2E_STATIC_DIR ?? 'dist',
      LOG_LEVEL: 'warn',
      // Two browsers and a server on a loaded machine stall the event loop at random; load
      // shedding has its own server test.
      SHED_EVENT_LOOP_DELAY_MS: '0',
      // Only the videos a test asks for (publishWaves `videos`) are rendered. With every upload
      // queueing one, the one background slot worked through the recording and group tests'
      // videos first, and the video tests waited out their time behind them.
      WAVE_VIDEOS: 'false',
    },
  },
});
