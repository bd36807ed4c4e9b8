import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

describe('configuration', () => {
  it('reads how many jobs a worker runs at once, one by default', () => {
    expect(loadConfig({}).workerConcurrency).toBe(1);
    expect(loadConfig({ WORKER_CONCURRENCY: '2' }).workerConcurrency).toBe(2);
  });

  it('stops on a worker concurrency that is not a positive whole number, naming it', () => {
    for (const value of ['0', '-1', '1.5', 'many']) {
      expect(() => loadConfig({ WORKER_CONCURRENCY: value }), value).toThrow(/WORKER_CONCURRENCY/);
    }
  });
});
