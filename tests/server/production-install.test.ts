import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { isStale } from '../../scripts/build.mjs';
import {
  createInstallation,
  fromBuild,
  kill9,
  startServer,
  startWorker,
  type Installation,
  type RunningProcess,
} from '../helpers/server-process.ts';
import { describeEachDatabase } from '../helpers/test-app.ts';

/**
 * A production install starts: a folder outside this checkout holding only what `npm run build`
 * makes (build/, dist/), package.json and the production dependencies, as `npm ci --omit=dev`
 * beside a build leaves it. The packages are symbolic links into this checkout's node_modules
 * (no download, no native rebuild); the folder lies elsewhere, so a development dependency the
 * server imported would not be found and the server would not start.
 */

const root = path.resolve(import.meta.dirname, '../..');
const work = mkdtempSync(path.join(tmpdir(), 'waves-production-'));
const app = path.join(work, 'app');
const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const productionDependencies = Object.keys({
  ...manifest.dependencies,
  ...manifest.optionalDependencies,
}).sort();

/**
 * The checkout whose node_modules this one uses: itself, or, for a git worktree whose
 * node_modules is a link to the main checkout's, that checkout (npm ls run through the link
 * calls every package extraneous and fails).
 */
const installed = path.dirname(realpathSync(path.join(root, 'node_modules')));

/** node_modules/<name> (or node_modules/@scope/<name>) of every package in the production closure. */
function productionPackageFolders(): string[] {
  const listed = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: installed,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const top = new Set<string>();
  for (const line of listed.split('\n')) {
    const parts = path.relative(installed, line).split(path.sep);
    if (parts[0] !== 'node_modules' || !parts[1]) continue;
    top.add(parts.slice(0, parts[1].startsWith('@') ? 3 : 2).join('/'));
  }
  return [...top];
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f));
}

/**
 * The package each import, dynamic import, require() and require.resolve() of the compiled
 * server names (a resolved path, e.g. a font file, needs its package installed too).
 */
function importedPackages(): Set<string> {
  const packages = new Set<string>();
  for (const file of filesUnder(path.join(app, 'build')).filter((f) => f.endsWith('.js'))) {
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...ts.preProcessFile(source, true, true).importedFiles.map((imported) => imported.fileName),
      ...[...source.matchAll(/require\.resolve\(\s*[`'"]([^`'"$]+)/g)].map((match) => match[1]!),
    ];
    for (const specifier of specifiers) {
      if (specifier.startsWith('.') || isBuiltin(specifier)) continue;
      const parts = specifier.split('/');
      packages.add(parts.slice(0, specifier.startsWith('@') ? 2 : 1).join('/'));
    }
  }
  return packages;
}

/** Runs an ES module snippet with plain node inside the production folder. */
function nodeInApp(source: string) {
  return spawnSync(
    process.execPath,
    ['--enable-source-maps', '--input-type=module', '--eval', source],
    { cwd: app, encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } },
  );
}

/**
 * The checkout's build that the end-to-end tests run against (E2E_STATIC_DIR, E2E_SERVER_DIR;
 * default dist/ and build/), when it is newer than its sources: `npm test` builds before it runs
 * these tests, and a second build of the same sources would only cost CPU.
 */
const currentBuild = {
  client: path.resolve(root, process.env.E2E_STATIC_DIR ?? 'dist'),
  server: path.resolve(root, process.env.E2E_SERVER_DIR ?? 'build'),
};

beforeAll(() => {
  if (!isStale('client', currentBuild.client) && !isStale('server', currentBuild.server)) {
    cpSync(currentBuild.client, path.join(app, 'dist'), { recursive: true });
    cpSync(currentBuild.server, path.join(app, 'build'), { recursive: true });
  } else {
    const built = spawnSync(
      process.execPath,
      ['scripts/build.mjs', `--client-out=${app}/dist`, `--server-out=${app}/build`],
      { cwd: root, encoding: 'utf8' },
    );
    if (built.status !== 0)
      throw new Error(`npm run build failed:\n${built.stdout}${built.stderr}`);
  }
  cpSync(path.join(root, 'package.json'), path.join(app, 'package.json'));
  for (const folder of productionPackageFolders()) {
    mkdirSync(path.dirname(path.join(app, folder)), { recursive: true });
    symlinkSync(path.join(installed, folder), path.join(app, folder), 'dir');
  }
}, 300_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

it('the production dependencies are exactly the packages the compiled server imports', () => {
  expect([...importedPackages()].sort()).toEqual(productionDependencies);
});

it('a development dependency cannot be found from the production folder', () => {
  const probe = nodeInApp(`
    await import('fastify');
    await import('tsx').then(() => console.log('found tsx'), (err) => console.log(err.code));
  `);
  expect(probe.stderr).toBe('');
  expect(probe.stdout.trim()).toBe('ERR_MODULE_NOT_FOUND');
});

it('stack traces of the compiled server name the TypeScript source lines', () => {
  const traced = nodeInApp(`
    const { loadConfig } = await import('./build/server/config.js');
    try { loadConfig({ PORT: 'not a port' }); } catch (error) { console.log(error.stack); }
  `);
  expect(traced.stdout).toMatch(/at loadConfig \(.*server[/\\]config\.ts:\d+:\d+\)/);
});

describeEachDatabase('production install', (dialect) => {
  let installation: Installation;
  const processes: RunningProcess[] = [];

  afterEach(async () => {
    for (const running of processes.splice(0)) await kill9(running);
    await installation?.destroy();
  });

  it('starts with plain node and serves the API, the preset images and the client', async () => {
    installation = await createInstallation(dialect);
    const server = await startServer(
      installation,
      { NODE_ENV: 'production', SEED_DEMO: 'false', STATIC_DIR: 'dist' },
      fromBuild(app, 'main'),
    );
    processes.push(server);

    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);

    const me = await fetch(`${server.url}/api/v1/user/me`);
    expect(me.status).toBe(200);
    const viewer = ((await me.json()) as { data: { user_id: number; username: string } }).data;
    expect(viewer.username).toBe('anonymous');

    // A file the server finds beside its own code (import.meta.dirname), copied by the build.
    const avatar = await fetch(`${server.url}/media/avatars/${viewer.user_id}/48.webp`);
    expect(avatar.status).toBe(200);
    expect(Buffer.from(await avatar.arrayBuffer())).toEqual(
      readFileSync(path.join(root, 'server/media/presets/avatar-48.webp')),
    );

    const page = await fetch(`${server.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toBe(readFileSync(path.join(app, 'dist/index.html'), 'utf8'));
  });

  it('runs the compiled worker with plain node', async () => {
    installation = await createInstallation(dialect);
    const worker = startWorker(
      installation,
      { NODE_ENV: 'production', LOG_LEVEL: 'info' },
      fromBuild(app, 'worker'),
    );
    processes.push(worker);
    await expect
      .poll(() => worker.child.exitCode !== null || worker.output().includes('worker running'), {
        timeout: 30_000,
        interval: 100,
      })
      .toBe(true);
    expect(worker.output()).toContain('worker running');
    expect(worker.child.exitCode).toBeNull();
  });
});
