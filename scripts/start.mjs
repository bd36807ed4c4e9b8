// `npm start`: on a fresh clone installs the dependencies, builds the client and the server when
// they are missing or older than their sources (scripts/build.mjs), then serves the PWA, the API
// and the media from one port (PORT, default 8080) with plain node.
// `npm run worker` (`start.mjs worker`) runs the background jobs the same way, and
// `npm run backup` (`start.mjs backup [folder]`) an online backup (server/backup.ts).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const role = ['worker', 'backup'].includes(process.argv[2] ?? '') ? process.argv[2] : 'main';
// What follows the role is the entry's own argument (the backup's folder).
if (role !== 'main') process.argv.splice(2, 1);

if (!existsSync(path.join(root, 'node_modules'))) {
  console.log('Installing the dependencies…');
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: root,
    stdio: 'inherit',
    shell: process.platform === 'win32',
  });
  if (install.status !== 0) process.exit(install.status ?? 1);
}

const { build } = await import('./build.mjs');
try {
  build(role === 'main' ? ['client', 'server'] : ['server'], { ifStale: true });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}

// In this process (no second node waiting on a child): signals reach the server's own
// graceful shutdown. Stack traces name the TypeScript lines, like `node --enable-source-maps`.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(root, 'build', 'server', `${role}.js`)).href);
