import { describe, expect, it } from 'vitest';
import { isTransientStatus } from '../../src/lib/upload-queue/upload-runner.ts';

describe('the upload queue: which refusals are final', () => {
  it('tries again after no answer, tus conflicts, a rate limit or load shedding, and server errors', () => {
    for (const status of [undefined, 0, 409, 423, 429, 500, 502, 503]) {
      expect(isTransientStatus(status), String(status)).toBe(true);
    }
  });

  it('gives up on any other refusal (the item shows its message)', () => {
    for (const status of [400, 401, 403, 404, 410, 413, 415, 422]) {
      expect(isTransientStatus(status), String(status)).toBe(false);
    }
  });
});
