import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The real site for benchmarks: a production build, served by the real server on a temporary
 * DATA_DIR with the demo data (real audio), waited for until its lists are filled.
 */
export interface Site {
  origin: string;
  outDir: string;
  stop(): Promise<void>;
}

export function buildClient(outDir: string, extraEnv: Record<string, string> = {}) {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir'], {
    env: { ...process.env, ...extraEnv },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stderr}`);
}

export async function startSite(options: {
  port: number;
  outDir: string;
  build?: boolean;
}): Promise<Site> {
  if (options.build !== false) buildClient(options.outDir);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'waves-bench-site-'));
  const origin = `http://127.0.0.1:${options.port}`;
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    detached: true,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: options.outDir,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
    stdio: 'ignore',
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    const waves = await fetch(`${origin}/api/v1/wave/wavelistpublicnewest/en`)
      .then((r) => (r.ok ? r.json() : null))
      .then(
        (body: { data?: unknown[] } | null) => body?.data?.length ?? 0,
        () => 0,
      );
    if (waves >= 5) break;
    if (Date.now() > deadline) throw new Error('the benchmark site did not come up with demo data');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return {
    origin,
    outDir: options.outDir,
    async stop() {
      if (server.pid) process.kill(-server.pid, 'SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
