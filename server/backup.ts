import { copyFileSync, cpSync, existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { loadConfigOrExit } from './config.ts';

/**
 * `npm run backup [-- <folder>]`: an online backup of an embedded installation, safe while the
 * server and workers run (docs/decisions.md "Backups"). It writes a new folder that is itself a
 * DATA_DIR: the SQLite database through SQLite's online backup API (better-sqlite3's
 * `backup()`, a consistent snapshot even with writers at work), then the generated JWT secret
 * and the media files when they are on disk. Restoring is starting a server on that folder,
 * or copying its contents into an empty DATA_DIR (README "Backups").
 */
async function main() {
  const config = loadConfigOrExit();
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: back up PostgreSQL with its own tools (pg_dump, or your provider’s ' +
        'snapshots) and the media bucket with its versioning or replication. See README "Backups".',
    );
    process.exit(2);
  }
  const source = path.join(config.dataDir, 'waves.sqlite');
  if (!existsSync(source)) {
    console.error(`No database at ${source}: is DATA_DIR right?`);
    process.exit(1);
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '');
  const target = path.resolve(
    process.argv[2] ?? path.join(config.dataDir, 'backups', `waves-${stamp}`),
  );
  if (existsSync(target)) {
    console.error(`${target} exists already: name a new folder.`);
    process.exit(1);
  }
  mkdirSync(target, { recursive: true, mode: 0o700 });

  const started = Date.now();
  const database = new SQLite(source, { readonly: true, fileMustExist: true });
  try {
    await database.backup(path.join(target, 'waves.sqlite'));
  } finally {
    database.close();
  }
  const copy = new SQLite(path.join(target, 'waves.sqlite'), { readonly: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the copy failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }

  const secret = path.join(config.dataDir, 'jwt-secret');
  if (existsSync(secret)) copyFileSync(secret, path.join(target, 'jwt-secret'));
  // Media after the database: a file is never changed under its name, so every file the copied
  // database refers to is there (plus, at most, files of waves published meanwhile).
  const media = path.join(config.dataDir, 'media');
  if (!config.s3 && existsSync(media)) {
    cpSync(media, path.join(target, 'media'), {
      recursive: true,
      filter: (file) => !file.startsWith(path.join(media, '.tmp')),
    });
  }
  const bytes = statSync(path.join(target, 'waves.sqlite')).size;
  console.log(
    `Backed up ${source} (${(bytes / 1e6).toFixed(1)} MB)${config.s3 ? '' : ' and its media'} ` +
      `to ${target} in ${((Date.now() - started) / 1000).toFixed(1)} s.` +
      (config.s3 ? ' The media stays in the S3 bucket: back it up there.' : ''),
  );
}

await main();
