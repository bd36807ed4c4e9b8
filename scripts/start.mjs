// `npm start`: builds the client when it is missing or older than its sources, then serves
// the PWA, the API and the media from one port (PORT, default 8080).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

const sources = [
  'src',
  'sw',
  'locales',
  'public',
  'index.html',
  'vite.config.ts',
  'package-lock.json',
];
const built = newestMtime('dist/index.html');
if (built === 0 || Math.max(...sources.map(newestMtime)) > built) {
  console.log('Building the client…');
  const build = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn('npx', ['tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
