import { spawn, type ChildProcess } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ffmpegProcessesIn,
  openProcessScratch,
  recoverDeadScratch,
  type ProcessScratch,
  type ScratchOwner,
} from '../../server/kernel/process-scratch.ts';

/**
 * Who may clean up whose scratch folder (server/kernel/process-scratch.ts): only a dead
 * owner's on this host and in this pid namespace, where a dead owner is a pid that does not run
 * or runs with another start time (or the machine booted since). The full scenario with real server processes: crash-recovery.test.ts.
 */

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function dataDir() {
  const dir = mkdtempSync(path.join(tmpdir(), 'waves-scratch-'));
  dirs.push(dir);
  return dir;
}

/** A scratch folder as another process would have written it. */
function foreignFolder(self: ProcessScratch, name: string, owner: Partial<ScratchOwner> | null) {
  const dir = path.join(path.dirname(self.dir), name);
  mkdirSync(path.join(dir, 'multipart'), { recursive: true });
  writeFileSync(path.join(dir, 'multipart', 'partial'), 'x'.repeat(1000));
  // This process's owner file, as the real scratch writes it, changed where the test says.
  const mine = JSON.parse(readFileSync(path.join(self.dir, 'owner.json'), 'utf8')) as object;
  if (owner)
    writeFileSync(
      path.join(dir, 'owner.json'),
      JSON.stringify({ ...mine, id: `host:${name}`, ...owner }),
    );
  return dir;
}

/** A long ffmpeg writing into `dir` (as a transcode does). */
function ffmpegWritingInto(dir: string) {
  const child = spawn(
    'ffmpeg',
    [
      '-nostdin',
      '-loglevel',
      'error',
      '-re',
      '-f',
      'lavfi',
      '-i',
      'sine=d=600',
      '-f',
      'mp3',
    ].concat(`file:${path.join(dir, 'out.mp3')}`),
    { stdio: 'ignore' },
  );
  children.push(child);
  return child;
}

async function eventually(probe: () => Promise<boolean>) {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (await probe()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('timed out');
}

describe('process scratch', () => {
  it("recovers a dead owner's folder and kills its ffmpeg; a live owner's stays, ffmpeg and all", async () => {
    const data = dataDir();
    const self = openProcessScratch(data);
    const otherLive = openProcessScratch(data); // a second app in this process: alive
    mkdirSync(otherLive.path('work'), { recursive: true });
    // pid 1 runs, but was started at another time than recorded: the pid was reused.
    const reused = foreignFolder(self, '1-reused', { pid: 1, startTicks: -5 });
    const gone = foreignFolder(self, '999999999-gone', { pid: 999_999_999 });
    const rebooted = foreignFolder(self, `${process.pid}-rebooted`, {
      bootId: 'another-boot',
    });
    const elsewhere = foreignFolder(self, '1-elsewhere', { pid: 1, host: 'another-host' });
    const container = foreignFolder(self, '1-container', { pid: 1, pidNamespace: 'pid:[1]' });
    const starting = foreignFolder(self, 'starting', null);
    const abandoned = foreignFolder(self, 'abandoned', null);
    const old = (Date.now() - 5 * 60_000) / 1000;
    utimesSync(abandoned, old, old);

    const orphan = ffmpegWritingInto(path.join(gone, 'multipart'));
    const kept = ffmpegWritingInto(otherLive.path('work'));
    await eventually(async () => (await ffmpegProcessesIn(gone)).length > 0);
    await eventually(async () => (await ffmpegProcessesIn(otherLive.dir)).length > 0);

    const recovered = await recoverDeadScratch(data, self);
    expect(recovered.map((entry) => path.basename(entry.dir)).sort()).toEqual(
      ['1-reused', '999999999-gone', `${process.pid}-rebooted`, 'abandoned'].sort(),
    );
    expect(recovered.find((entry) => entry.dir === gone)?.killed).toEqual([orphan.pid]);
    for (const dir of [reused, gone, rebooted, abandoned]) expect(existsSync(dir)).toBe(false);
    for (const dir of [self.dir, otherLive.dir, elsewhere, container, starting]) {
      expect(existsSync(dir)).toBe(true);
    }
    const orphanEnd = await new Promise<NodeJS.Signals | null>((resolve) => {
      if (orphan.exitCode !== null || orphan.signalCode) resolve(orphan.signalCode);
      else orphan.once('exit', (_code, signal) => resolve(signal));
    });
    expect(orphanEnd).toBe('SIGKILL');
    expect(kept.exitCode).toBeNull();
    expect(await ffmpegProcessesIn(otherLive.dir)).toEqual([kept.pid]);

    await otherLive.remove();
    expect(existsSync(otherLive.dir)).toBe(false);
  });
});
