import closeWithGrace from 'close-with-grace';
import pino from 'pino';
import { loadConfigOrExit, resolveJwtSecret } from './config.ts';
import { migrateToLatest, openDatabase } from './db/database.ts';
import { seedRequiredRows } from './seed/required-rows.ts';
import { systemClock } from './kernel/clock.ts';
import { createServices } from './services/container.ts';

/**
 * `npm run worker`: runs the durable jobs (transcoding, upload cleanup) in a process of its
 * own, beside API processes started with JOBS_IN_PROCESS=false. Any number of workers may run
 * against one database; each job runs in one of them at a time (see server/jobs/queue.ts).
 * `WORKER_CONCURRENCY` sets how many jobs one worker runs at once (default 1).
 */
async function main() {
  const config = loadConfigOrExit();
  const log = pino({ level: config.logLevel, base: { role: 'worker' } });
  const db = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  await migrateToLatest(db);
  const { anonymousUserId } = await seedRequiredRows(db, systemClock);
  const services = createServices({
    config,
    db,
    clock: systemClock,
    jwtSecret: resolveJwtSecret(config),
    anonymousUserId,
    log,
  });
  const concurrency = config.workerConcurrency;
  // What a process that died on this DATA_DIR left goes first (kernel/process-scratch.ts).
  await services.recoverDeadProcesses();
  const worker = services.jobs.start({ concurrency, idPrefix: services.scratch.id });

  closeWithGrace({ delay: 30_000 }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'worker closing after an error');
    else log.info({ signal }, 'worker shutting down');
    await worker.stop();
    await services.scratch.remove();
    await db.close();
  });
  log.info({ workerId: worker.id, concurrency }, 'worker running');
}

await main();
