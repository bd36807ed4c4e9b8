import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serverEntry } from '../../playwright.config.ts';
import { expect, prepareVisitor, test } from './fixtures.ts';

/**
 * Version N → N+1: two real builds served in turn by a server of this test's own. After the
 * new version is deployed, the open app offers a reload; one reload runs the new version.
 * Version N is the build the other end-to-end tests run against (E2E_STATIC_DIR); only N+1 is
 * built here (a client build is the costliest step of the file on a busy two-core machine).
 */
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const port = Number(process.env.E2E_UPDATE_PORT ?? 4199);
const origin = `http://localhost:${port}`;
const work = mkdtempSync(path.join(tmpdir(), 'waves-update-'));
const served = path.join(work, 'served');
let server: ChildProcess | null = null;

function build(id: string): string {
  const outDir = path.join(work, id);
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, VITE_BUILD_ID: id },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`build ${id} failed:\n${result.stderr}`);
  return outDir;
}

function deploy(outDir: string) {
  rmSync(served, { recursive: true, force: true });
  cpSync(outDir, served, { recursive: true });
}

test.beforeAll(async () => {
  // A client build: on a busy machine more than the 60 s a hook gets by default.
  test.setTimeout(240_000);
  deploy(path.resolve(process.env.E2E_STATIC_DIR ?? 'dist'));
  process.env.E2E_UPDATE_SECOND_BUILD = build('n2');
  // node itself (not npx), in a process group of its own: stopping it must stop the server.
  server = spawn(process.execPath, ['--enable-source-maps', serverEntry], {
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      STATIC_DIR: served,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 150; i++) {
    if (
      await fetch(`${origin}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('update-test server did not start');
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  rmSync(work, { recursive: true, force: true });
});

test('a new version is offered, and one reload runs it', async ({ page }) => {
  await prepareVisitor(page, { language: 'en', consent: true });
  await page.goto(`${origin}/newest`);
  // The build under test names itself by a hash of its sources, never 'n2'.
  await expect(page.locator('html')).toHaveAttribute('data-build', /^(?!n2$)\S+$/);
  const first = (await page.locator('html').getAttribute('data-build'))!;
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: 20_000,
  });

  deploy(process.env.E2E_UPDATE_SECOND_BUILD!);
  // The app checks for updates when it becomes visible again and every hour; here: now.
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());

  const prompt = page
    .getByRole('status')
    .filter({ hasText: 'A new version of Waves is available.' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  // Until the user accepts, the old version keeps running untouched.
  await expect(page.locator('html')).toHaveAttribute('data-build', first);

  await Promise.all([
    page.waitForEvent('load'),
    prompt.getByRole('button', { name: 'Reload' }).click(),
  ]);
  await expect(page.locator('html')).toHaveAttribute('data-build', 'n2');
  await expect(page.getByRole('heading', { name: 'Newest waves' })).toBeVisible();
  await expect(prompt).toHaveCount(0);
});
