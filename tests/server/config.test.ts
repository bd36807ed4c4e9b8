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

  it('refuses the test clock in production', () => {
    expect(loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'test' }).testClock).toBe(true);
    expect(loadConfig({}).testClock).toBe(false);
    expect(() => loadConfig({ TEST_CLOCK: 'true', NODE_ENV: 'production' })).toThrow(
      /TEST_CLOCK: moves the server clock for tests and must not be set in production/,
    );
  });

  it('keeps media on disk without S3_BUCKET, and reads the S3 settings with it', () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({
        S3_BUCKET: 'waves-media',
        S3_ENDPOINT: 'https://minio.example.org',
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'key',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_PREFIX: 'waves/production',
      }).s3,
    ).toEqual({
      bucket: 'waves-media',
      region: 'us-east-1',
      endpoint: 'https://minio.example.org',
      forcePathStyle: true,
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      prefix: 'waves/production',
    });
    // AWS: region and the default credential chain (instance role, AWS_* variables).
    expect(loadConfig({ S3_BUCKET: 'waves-media', S3_REGION: 'eu-central-1' }).s3).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
      accessKeyId: undefined,
    });
  });

  it('stops on incomplete or misspelt S3 settings, naming them', () => {
    const refused: [Record<string, string>, RegExp][] = [
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET/],
      [{ S3_BUCKET: 'Not_A_Bucket' }, /S3_BUCKET/],
      [{ S3_BUCKET: 'waves', S3_ACCESS_KEY_ID: 'key' }, /S3_SECRET_ACCESS_KEY/],
      [{ S3_BUCKET: 'waves', S3_ENDPOINT: 'not a url' }, /S3_ENDPOINT/],
      [{ S3_BUCKET: 'waves', S3_PREFIX: '/leading/slash' }, /S3_PREFIX/],
      [{ S3_BUCKET: 'waves', S3_BUCKT: 'typo' }, /S3_BUCKT/],
      [{ METRICS_TOKEN: 'short' }, /METRICS_TOKEN/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});
