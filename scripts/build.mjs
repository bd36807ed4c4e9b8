// `npm run build`: the client (Vite, into dist/) and the server (TypeScript compiled to plain
// JavaScript with source maps, into build/), so production runs on `node` alone.
//
//   node scripts/build.mjs [client|server] [--client-out=DIR] [--server-out=DIR] [--if-stale]
//
// The server keeps its folder tree (build/server/…, and build/src/… for the modules it shares
// with the client), and every file under server/ that is not TypeScript is copied beside the compiled
// code, so paths the server resolves from its own location (import.meta.dirname) find the same
// files in build/ as in the sources. `--if-stale` builds a part only when its output is missing
// or older than its sources (what `npm start` does). Why compiled and not bundled:
// docs/decisions.md "Build and production".
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');

/** Newest modification time under `target` (directories count too: a deleted file changes its folder). */
function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The path of a development tool's executable script, or null when dev dependencies are not installed. */
function toolScript(pkg, name) {
  const manifest = path.join(root, 'node_modules', pkg, 'package.json');
  if (!existsSync(manifest)) return null;
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  return path.join(path.dirname(manifest), typeof bin === 'string' ? bin : bin[name]);
}

function run(script, args) {
  const result = spawnSync(process.execPath, [script, ...args], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${path.basename(script)} ${args[0]} failed`);
}

/** Copies every non-TypeScript file under `from` to the same place under `to`. */
function copyAssets(from, to) {
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copyAssets(source, path.join(to, entry.name));
    else if (!/\.[cm]?tsx?$/.test(entry.name)) cpSync(source, path.join(to, entry.name));
  }
}

export const parts = {
  client: {
    defaultOut: 'dist',
    marker: 'index.html',
    tool: ['vite', 'vite'],
    sources: [
      'src',
      'sw',
      'locales',
      'public',
      'index.html',
      'vite.config.ts',
      'lingui.config.ts',
      'package-lock.json',
    ],
    build(vite, out) {
      run(vite, ['build', '--outDir', out, '--emptyOutDir']);
    },
  },
  server: {
    defaultOut: 'build',
    marker: '.complete',
    tool: ['typescript', 'tsc'],
    sources: [
      'server',
      // What the server imports from src/ (the contract, the audiogram card; eslint.config.js
      // lists it): all of src/ counts, so a new shared folder cannot be missed.
      'src',
      'tsconfig.server.json',
      'tsconfig.base.json',
      'scripts/build.mjs',
    ],
    build(tsc, out) {
      // Types are checked by `npm run check`, not here: like tsx, which ran the server before,
      // the build only strips them (a third of the CPU time of a checked build). The marker is
      // written last, so an interrupted build counts as missing.
      rmSync(out, { recursive: true, force: true });
      run(tsc, ['-p', 'tsconfig.server.json', '--noCheck', '--outDir', out]);
      copyAssets(path.join(root, 'server'), path.join(out, 'server'));
      writeFileSync(path.join(out, this.marker), '');
    },
  },
};

/** Whether the part's build in `out` is missing or older than any of its sources. */
export function isStale(name, out = parts[name].defaultOut) {
  const part = parts[name];
  const built = newestMtime(path.join(path.resolve(root, out), part.marker));
  return (
    built === 0 || Math.max(...part.sources.map((s) => newestMtime(path.join(root, s)))) > built
  );
}

/**
 * Builds the named parts into `outs[name]` (default dist/ and build/). With `ifStale`, a part
 * whose output is newer than its sources is kept. Without the build tools (a production install,
 * where `npm ci --omit=dev` may have touched package-lock.json) an existing build is kept as it is.
 */
export function build(names, { outs = {}, ifStale = false } = {}) {
  for (const name of names) {
    const part = parts[name];
    const out = path.resolve(outs[name] ?? path.join(root, part.defaultOut));
    // A build empties its folder first: never this checkout or a folder holding it.
    if (!path.relative(out, root).startsWith('..'))
      throw new Error(`Refusing to build into ${out}.`);
    const built = newestMtime(path.join(out, part.marker));
    const stale = isStale(name, out);
    if (ifStale && !stale) continue;
    const tool = toolScript(...part.tool);
    if (!tool) {
      if (ifStale && built > 0) continue;
      const what =
        built > 0 ? `The ${name} cannot be rebuilt` : `The ${name} build (${out}) is missing`;
      throw new Error(
        `${what}: the build tools are dev dependencies; run \`npm install\`, then \`npm run build\`.`,
      );
    }
    console.log(`Building the ${name}…`);
    const started = performance.now();
    part.build(tool, out);
    console.log(`Built the ${name} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const named = args.filter((a) => !a.startsWith('--'));
  const unknown = named.filter((name) => !(name in parts));
  if (unknown.length > 0) {
    console.error(`Unknown part ${unknown.join(', ')}: expected client and/or server.`);
    process.exit(2);
  }
  try {
    build(named.length > 0 ? named : Object.keys(parts), {
      outs: { client: option('client-out'), server: option('server-out') },
      ifStale: args.includes('--if-stale'),
    });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
