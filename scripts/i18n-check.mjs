// Fails when `lingui extract` would change the catalogs, or when a German text is missing.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const files = ['en', 'de'].flatMap((locale) =>
  readdirSync(`locales/${locale}`)
    .filter((name) => name.endsWith('.po'))
    .map((name) => `locales/${locale}/${name}`),
);
const before = files.map((file) => readFileSync(file, 'utf8'));
execFileSync('npx', ['lingui', 'extract', '--clean'], { stdio: 'ignore' });
const after = files.map((file) => readFileSync(file, 'utf8'));

let failed = false;
files.forEach((file, index) => {
  if (before[index] !== after[index]) {
    console.error(`${file} is out of date: run "npm run i18n:extract" and commit the catalogs.`);
    failed = true;
  }
});

files.forEach((file, index) => {
  if (!file.startsWith('locales/de/')) return;
  // A German entry is missing when its msgstr is empty (the first entry is the header).
  const missing = after[index]
    .split(/\n\n/)
    .slice(1)
    .filter((entry) => /\nmsgstr ""\s*$/.test(entry));
  if (missing.length > 0) {
    console.error(`${missing.length} German translation(s) missing in ${file}, e.g.:`);
    for (const entry of missing.slice(0, 10)) {
      console.error(`  ${entry.split('\n').find((line) => line.startsWith('msgid'))}`);
    }
    failed = true;
  }
});
if (failed) process.exit(1);
console.log('catalogs are up to date and complete');
