import { lingui } from '@lingui/vite-plugin';
import babel from '@rolldown/plugin-babel';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The server files that take longest, slowest first (a CI run at load 6–13: 190 down to 20 s;
 * they start servers, workers, nginx, ffmpeg or Chromium). On a fresh checkout Vitest has no
 * timings yet and starts the largest files first, so one of these could start last and the run
 * would end waiting on it alone; started first, the short files fill the other worker meanwhile.
 */
const SLOWEST_FILES = [
  'recording-faults',
  'recording-uploads',
  'scale-out',
  'wave-video-faults',
  'crash-recovery',
  'accounts',
  'wave-video-job',
  'wave-lists',
  'wave-video',
  'treasure-hunt-processes',
  'fuzz-openapi',
  'demo-seed',
].map((name) => `/tests/server/${name}.test.ts`);

class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const rank = (file: TestSpecification) => {
      const index = SLOWEST_FILES.findIndex((name) => file.moduleId.endsWith(name));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    // Vitest's default is one file at a time on a 2-core machine (cores − 1). The server files
    // mostly wait on the processes they start (servers, workers, ffmpeg, Chromium), so two at a
    // time halves the suite's wall time (measured: 0.53× on the five slowest files, load 11).
    maxWorkers: 2,
    sequence: { sequencer: SlowestFirst },
    projects: [
      {
        plugins: [babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }), react(), lingui()],
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One database per file; files run in parallel, tests inside a file in order.
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'lint',
          include: ['tests/lint/**/*.test.ts'],
          environment: 'node',
        },
      },
    ],
  },
});
