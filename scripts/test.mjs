// `npm test`: the production build (`npm run build`: client and compiled server), unit tests,
// server tests (SQLite, plus PostgreSQL when TEST_DATABASE_URL is set), then the end-to-end
// tests in Chromium against the build. Stops at the first failure. The build comes first so
// the production-install server test uses it instead of building the same sources again.
import { spawnSync } from 'node:child_process';

const steps = [
  ['client build', process.execPath, ['scripts/build.mjs']],
  ['unit and server tests', 'npx', ['vitest', 'run']],
  ['end-to-end tests', 'npx', ['playwright', 'test']],
];
const only = process.argv[2];
for (const [name, command, args] of steps) {
  if (only && !name.startsWith(only)) continue;
  console.log(
    `\n▶ ${name}${name.startsWith('unit') && !process.env.TEST_DATABASE_URL ? ' (PostgreSQL skipped: TEST_DATABASE_URL is not set)' : ''}`,
  );
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(result.status ?? 1);
  }
}
console.log('\n✔ all tests passed');
