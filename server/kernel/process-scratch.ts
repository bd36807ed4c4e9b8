import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readlinkSync, renameSync, writeFileSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

/**
 * Each process's own scratch folder, and the recovery of a dead process's (docs/decisions.md
 * "Temporary files and crash recovery").
 *
 * Everything a process writes locally on its way somewhere else (multipart uploads being
 * received, transcoder input and output, renders) lives under DATA_DIR/tmp/proc/<pid>-<random>/,
 * beside `owner.json`, which says which process owns it: pid, the kernel's start time of that
 * pid, the boot and the host. Every ffmpeg the process runs writes into that folder, so its
 * command line names the folder.
 *
 * Several processes may share one DATA_DIR (API processes and `npm run worker`). A starting
 * process, and the hourly sweep, look at the other folders: one whose owner is dead (its pid
 * is gone, or now belongs to a process started at another time, or the machine rebooted) is
 * recovered: the ffmpeg still writing into it is killed, the folder removed, and the dead
 * process's job leases expire at once so its jobs run again. A live owner's folder, and any
 * folder of another host, is never touched.
 */
export interface ProcessScratch {
  /** `host:pid:random`: names this process (the job worker ids start with it). */
  readonly id: string;
  /** The folder, DATA_DIR/tmp/proc/<pid>-<random>. */
  readonly dir: string;
  /** A sub-folder of the scratch folder (created when used). */
  path(name: string): string;
  /** Removes the folder (a graceful stop: nothing of it is in use any more). */
  remove(): Promise<void>;
}

/** What `owner.json` records. */
export interface ScratchOwner {
  id: string;
  pid: number;
  host: string;
  /** The pid's start time in clock ticks since boot (/proc/<pid>/stat), null off Linux. */
  startTicks: number | null;
  bootId: string | null;
  /** The pid namespace (/proc/self/ns/pid): containers on one host number processes apart. */
  pidNamespace?: string | null;
  startedAt: number;
}

/** A dead process's folder that was recovered. */
export interface RecoveredScratch {
  dir: string;
  owner: ScratchOwner | null;
  /** Pids of its ffmpeg processes that were still running, killed. */
  killed: number[];
}

const OWNER_FILE = 'owner.json';
/** A folder without an owner file is a process that died while starting; after this long. */
const UNOWNED_GRACE_MS = 60_000;

export function scratchRoot(dataDir: string) {
  return path.join(dataDir, 'tmp', 'proc');
}

function readPidNamespace(): string | null {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return null;
  }
}

function readBootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat (after the command name, which may hold spaces). */
function parseStat(text: string): { state: string; startTicks: number } | null {
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  const startTicks = Number(fields[19]);
  if (!fields[0] || !Number.isFinite(startTicks)) return null;
  return { state: fields[0], startTicks };
}

function statOf(pid: number | 'self') {
  try {
    return parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}

const hasProc = () => statOf('self') !== null;

/** Creates this process's scratch folder; its owner file is written before anyone can read it. */
export function openProcessScratch(dataDir: string, now = Date.now()): ProcessScratch {
  const random = randomBytes(6).toString('hex');
  const dir = path.join(scratchRoot(dataDir), `${process.pid}-${random}`);
  const owner: ScratchOwner = {
    id: `${hostname()}:${process.pid}:${random}`,
    pid: process.pid,
    host: hostname(),
    startTicks: statOf('self')?.startTicks ?? null,
    bootId: readBootId(),
    pidNamespace: readPidNamespace(),
    startedAt: now,
  };
  mkdirSync(dir, { recursive: true });
  const temporary = path.join(dir, `${OWNER_FILE}.${random}`);
  writeFileSync(temporary, JSON.stringify(owner));
  renameSync(temporary, path.join(dir, OWNER_FILE));
  return {
    id: owner.id,
    dir,
    path: (name) => path.join(dir, name),
    remove: () => rm(dir, { recursive: true, force: true }),
  };
}

/**
 * Whether the process that wrote `owner` is dead; null when this process cannot tell: another
 * host, or another pid namespace (a container sharing the host's name and the DATA_DIR).
 */
export function ownerIsDead(owner: ScratchOwner): boolean | null {
  if (owner.host !== hostname()) return null;
  const bootId = readBootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return true;
  if ((owner.pidNamespace ?? null) !== readPidNamespace()) return null;
  if (hasProc()) {
    const current = statOf(owner.pid);
    if (!current || current.state === 'Z') return true;
    return owner.startTicks !== null && current.startTicks !== owner.startTicks;
  }
  try {
    process.kill(owner.pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * Running ffmpeg/ffprobe processes whose command line names a file in `dir` (Linux: /proc).
 * Only these are killed: a process is never killed for its pid alone, which may have been
 * reused.
 */
export async function ffmpegProcessesIn(dir: string): Promise<number[]> {
  const names = await readdir('/proc').catch(() => [] as string[]);
  const inside = `${dir}${path.sep}`;
  const found: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    const args = await readFile(`/proc/${name}/cmdline`, 'utf8').then(
      (text) => text.split('\0'),
      () => [] as string[],
    );
    if (!/ff(mpeg|probe)/i.test(path.basename(args[0] ?? ''))) continue;
    if (!args.slice(1).some((arg) => arg.includes(inside))) continue;
    const state = statOf(Number(name))?.state;
    if (state && state !== 'Z') found.push(Number(name));
  }
  return found;
}

/** Kills these pids and waits (up to 2 s) until they no longer run. */
async function killAndWait(pids: number[]) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  const running = (pid: number) => {
    const state = statOf(pid)?.state;
    return state !== undefined && state !== 'Z';
  };
  for (let waited = 0; waited < 2000 && pids.some(running); waited += 20) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function readOwner(dir: string): Promise<ScratchOwner | null> {
  try {
    const owner = JSON.parse(await readFile(path.join(dir, OWNER_FILE), 'utf8')) as ScratchOwner;
    return typeof owner.pid === 'number' && typeof owner.host === 'string' ? owner : null;
  } catch {
    return null;
  }
}

/**
 * Recovers the scratch folders of dead processes under DATA_DIR (all but `own`): kills the
 * ffmpeg still writing there, removes the folder. Returns what was recovered.
 */
export async function recoverDeadScratch(
  dataDir: string,
  own: ProcessScratch | null,
  now = Date.now(),
): Promise<RecoveredScratch[]> {
  const root = scratchRoot(dataDir);
  const recovered: RecoveredScratch[] = [];
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const dir = path.join(root, name);
    if (own && dir === own.dir) continue;
    const owner = await readOwner(dir);
    if (owner) {
      if (owner.id === own?.id || ownerIsDead(owner) !== true) continue;
    } else {
      // No owner file: a process that died while creating its folder (or something else's).
      const info = await stat(dir).catch(() => null);
      if (!info?.isDirectory() || now - info.mtimeMs < UNOWNED_GRACE_MS) continue;
    }
    const killed = await ffmpegProcessesIn(dir);
    await killAndWait(killed);
    await rm(dir, { recursive: true, force: true });
    recovered.push({ dir, owner, killed });
  }
  return recovered;
}
