import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import type { NewWaveData, UploadStatus } from '../../src/api/contract/recording.ts';
import { UPLOAD_TOKEN_HEADER } from '../../src/api/contract/recording-limits.ts';
import { openDatabase } from '../../server/db/database.ts';
import { ffmpegProcessesIn } from '../../server/kernel/process-scratch.ts';
import { filesUnder, scratchFolders, toneFile } from '../helpers/recording.ts';
import {
  createInstallation,
  kill9,
  newGuestWaveAt,
  startServer,
  type Installation,
  type RunningProcess,
  type ServerProcess,
} from '../helpers/server-process.ts';
import { describeEachDatabase } from '../helpers/test-app.ts';

/**
 * Crash recovery with several processes on one DATA_DIR (server/kernel/process-scratch.ts,
 * docs/decisions.md "Temporary files and crash recovery"): two servers transcode and receive
 * multipart uploads; one is killed with kill -9 of its own process only, so its ffmpeg lives
 * on as an orphan, as after an OOM kill. Its restart kills that ffmpeg, removes the partial
 * files and runs the job again at once, and leaves the other server's ffmpeg and files alone.
 */

const audioDir = mkdtempSync(path.join(tmpdir(), 'waves-crash-audio-'));
/** 2.5 minutes: a transcode of a few seconds (the test pauses it while the server dies). */
const SECONDS = 150;
let longAudio: Buffer;
beforeAll(() => {
  // 16 kHz, 8 bit: 2.4 MB, so the queue knows the transcode is long (ordinary slots only).
  longAudio = readFileSync(
    toneFile(audioDir, 'crash-long.wav', SECONDS, ['-ar', '16000', '-c:a', 'pcm_u8']),
  );
}, 60_000);
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a pid runs (a zombie waiting for its reaper does not). */
function running(pid: number): boolean {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2, text.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** Polls `probe` until it gives something (not null or false); that is the result. */
async function until<T>(
  what: string,
  probe: () => T | null | false | Promise<T | null | false>,
  ms = 30_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

describeEachDatabase('crash recovery', (dialect) => {
  let installation: Installation;
  const processes: RunningProcess[] = [];
  const requests: http.ClientRequest[] = [];

  afterEach(async () => {
    for (const request of requests.splice(0)) request.destroy();
    for (const server of processes.splice(0)) {
      await kill9(server);
      // A server killed alone leaves its process group (its ffmpeg) behind.
      try {
        process.kill(-server.child.pid!, 'SIGKILL');
      } catch {
        // none left
      }
    }
    await installation?.destroy();
  });

  const start = async (env: Record<string, string> = {}) => {
    const server = await startServer(installation, { WORKER_CONCURRENCY: '1', ...env });
    processes.push(server);
    return server;
  };

  /** The scratch folder of a server process (its name starts with the pid). */
  const folderOf = (server: ServerProcess) =>
    scratchFolders(installation.dataDir).find((folder) =>
      path.basename(folder).startsWith(`${server.child.pid}-`),
    );

  const uploadWhole = async (server: ServerProcess, wave: NewWaveData) => {
    const form = new FormData();
    form.append('recording', new Blob([new Uint8Array(longAudio)]), 'long.wav');
    const reply = await fetch(`${server.url}/api/v1/uploadaudio/${wave.wave_name}`, {
      method: 'POST',
      headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
      body: form,
    });
    expect(reply.status, await reply.clone().text()).toBe(200);
  };

  /** A 32 MB multipart upload of which 16 MB arrive, then nothing: the file stays partial. */
  const uploadHalf = (server: ServerProcess, wave: NewWaveData) => {
    const boundary = 'crash-recovery-boundary';
    const head = Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="recording"; filename="big.wav"\r\n` +
        'content-type: audio/wav\r\n\r\n',
    );
    const request = http.request(`${server.url}/api/v1/uploadaudio/${wave.wave_name}`, {
      method: 'POST',
      headers: {
        [UPLOAD_TOKEN_HEADER]: wave.upload_token,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(head.length + 32 * 1024 * 1024 + boundary.length + 8),
      },
    });
    request.on('error', () => undefined);
    request.write(head);
    request.write(Buffer.alloc(16 * 1024 * 1024, 1));
    requests.push(request);
  };

  const multipartFiles = (folder: string) => filesUnder(path.join(folder, 'multipart'));

  const status = async (url: string, wave: NewWaveData) => {
    const reply = await fetch(`${url}/api/v1/wave/uploadstatus/${wave.wave_name}`, {
      headers: { [UPLOAD_TOKEN_HEADER]: wave.upload_token },
    });
    return ((await reply.json()) as { data: UploadStatus }).data;
  };

  it('a restarted server kills its orphaned ffmpeg, removes its partial files and runs its job again; a live server on the same DATA_DIR keeps its own', async () => {
    installation = await createInstallation(dialect);
    const began = Date.now();
    const marks: string[] = [];
    const mark = (step: string) => {
      marks.push(`${step} ${((Date.now() - began) / 1000).toFixed(1)} s`);
      console.info(`crash recovery [${dialect}]: ${marks.at(-1)}`);
    };
    // One after the other: the first creates the database (migrations are not concurrent).
    const a = await start();
    const b = await start();
    mark('servers up');
    const [waveA, waveB, halfA, halfB] = [
      await newGuestWaveAt(a.url, 'crash-recovery-wave-a'),
      await newGuestWaveAt(b.url, 'crash-recovery-wave-b'),
      await newGuestWaveAt(a.url, 'crash-recovery-half-a'),
      await newGuestWaveAt(b.url, 'crash-recovery-half-b'),
    ];
    const folderA = folderOf(a)!;
    const folderB = folderOf(b)!;
    expect([folderA, folderB].every(Boolean)).toBe(true);
    // Each transcode is paused (SIGSTOP) as soon as it runs, so that on a machine of any speed
    // it is still at work when its server dies and restarts: a slow ffmpeg, not a fake one.
    const paused = new Set<number>();
    const pauseNextTranscode = () =>
      until('a transcode to start', async () => {
        for (const folder of [folderA, folderB]) {
          for (const pid of await ffmpegProcessesIn(folder)) {
            const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
            if (paused.has(pid) || !args.includes('libmp3lame')) continue;
            process.kill(pid, 'SIGSTOP');
            paused.add(pid);
            return pid;
          }
        }
        return null;
      });
    // One long transcode each: a server's one ordinary slot takes one, the express slots none.
    await uploadWhole(a, waveA);
    await pauseNextTranscode();
    await uploadWhole(b, waveB);
    await pauseNextTranscode();
    mark('transcodes running');
    const [orphan] = await ffmpegProcessesIn(folderA);
    const [keptFfmpeg] = await ffmpegProcessesIn(folderB);
    expect(orphan && paused.has(orphan) && keptFfmpeg && paused.has(keptFfmpeg)).toBe(true);
    uploadHalf(a, halfA);
    uploadHalf(b, halfB);
    const [partialA] = await until('a partial upload on the first server', () => {
      const files = multipartFiles(folderA);
      return files.length ? files : null;
    });
    const [partialB] = await until('a partial upload on the second server', () => {
      const files = multipartFiles(folderB);
      return files.length ? files : null;
    });
    const partialBytesB = statSync(path.join(folderB, 'multipart', partialB!)).size;
    // Which wave the first server was transcoding: its ffmpeg writes `<wave name>-….mp3`.
    const orphanArgs = readFileSync(`/proc/${orphan}/cmdline`, 'utf8');
    const killedWave = [waveA, waveB].find((wave) => orphanArgs.includes(`${wave.wave_name}-`))!;
    const keptWave = killedWave === waveA ? waveB : waveA;

    // kill -9 of the server alone: its ffmpeg lives on (an orphan).
    process.kill(a.child.pid!, 'SIGKILL');
    await a.exited;
    const killedAt = Date.now();
    expect(running(orphan!)).toBe(true);
    await sleep(300);
    expect(running(orphan!)).toBe(true);
    expect(existsSync(path.join(folderA, 'multipart', partialA!))).toBe(true);

    mark('killed');
    const restarted = await start({ LOG_LEVEL: 'info' });
    mark('restarted');
    const restartedAfterMs = Date.now() - killedAt;
    // The restart recovered before it listened: the orphan is gone, so is the folder.
    await until('the orphan to be gone', () => !running(orphan!), 5000);
    expect(existsSync(folderA)).toBe(false);
    const recovery = restarted
      .output()
      .split('\n')
      .filter((line) => line.includes('recovered what a dead process left'))
      .map((line) => JSON.parse(line) as { dir: string; killedFfmpeg: number[] });
    expect(recovery).toEqual([expect.objectContaining({ dir: folderA, killedFfmpeg: [orphan] })]);
    // The live server's ffmpeg and partial upload are untouched.
    expect(running(keptFfmpeg!)).toBe(true);
    expect(await ffmpegProcessesIn(folderB)).toEqual([keptFfmpeg]);
    expect(multipartFiles(folderB)).toEqual([partialB]);
    expect(statSync(path.join(folderB, 'multipart', partialB!)).size).toBeGreaterThanOrEqual(
      partialBytesB,
    );
    process.kill(keptFfmpeg!, 'SIGCONT');

    // The dead server's job runs again at once (its lease was released), and both publish.
    for (const wave of [waveA, waveB]) {
      const done = await until(
        `${wave.wave_name} to be published`,
        async () => {
          const now = await status(restarted.url, wave);
          return now.status === 'published' || now.status === 'failed' ? now : null;
        },
        60_000,
      );
      expect(done.status).toBe('published');
    }
    const db = openDatabase({
      dataDir: installation.dataDir,
      databaseUrl: installation.databaseUrl,
    });
    try {
      const jobs = await db.kysely
        .selectFrom('jobs')
        .select(['dedupe_key', 'state', 'attempts'])
        .where('kind', '=', 'transcode-upload')
        .orderBy('id')
        .execute();
      const waves = await db.kysely
        .selectFrom('waves')
        .select(['id', 'wave_name', 'duration'])
        .where('wave_name', 'in', [killedWave.wave_name, keptWave.wave_name])
        .execute();
      expect(waves.map((wave) => Math.round(wave.duration))).toEqual([SECONDS, SECONDS]);
      const jobOf = (wave: NewWaveData) => {
        const id = waves.find((row) => row.wave_name === wave.wave_name)!.id;
        return jobs.find((job) => job.dedupe_key === `transcode:${id}`);
      };
      // The killed server's job ran twice, the other server's once.
      expect(jobOf(killedWave)).toMatchObject({ state: 'done', attempts: 2 });
      expect(jobOf(keptWave)).toMatchObject({ state: 'done', attempts: 1 });
    } finally {
      await db.close();
    }
    mark('published');
    console.info(
      `crash recovery [${dialect}]: restart answered ${restartedAfterMs} ms after the kill;`,
      marks.join(', '),
    );
  }, 150_000); // tens of seconds, mostly three server starts (tsx); several times that when loaded
});
