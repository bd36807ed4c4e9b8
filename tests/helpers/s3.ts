import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { freePort } from './server-process.ts';

/**
 * An S3-API server for tests (s3rver, from the registry) on a free port, with one bucket:
 * the `S3_*` environment of the server and the settings of `s3MediaStorage`.
 */
export interface LocalS3 {
  endpoint: string;
  /** A scratch folder of the test (s3rver keeps its objects in a subfolder). */
  directory: string;
  bucket: string;
  env: Record<string, string>;
  /** `env` with a key prefix of its own (one test app's objects apart from the others'). */
  isolatedEnv(): Record<string, string>;
  settings: {
    bucket: string;
    region: string;
    endpoint: string;
    forcePathStyle: boolean;
    accessKeyId: string;
    secretAccessKey: string;
    prefix: string;
  };
  close(): Promise<void>;
}

export async function startLocalS3(bucket = 'waves-test'): Promise<LocalS3> {
  const directory = mkdtempSync(path.join(tmpdir(), 'waves-s3-'));
  const port = await freePort();
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory: path.join(directory, 's3rver'),
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  // s3rver's fixed credentials.
  const settings = {
    bucket,
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    prefix: '',
  };
  const env = {
    S3_BUCKET: bucket,
    S3_REGION: settings.region,
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: 'true',
    S3_ACCESS_KEY_ID: settings.accessKeyId,
    S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
  };
  return {
    endpoint,
    directory,
    bucket,
    settings,
    env,
    isolatedEnv: () => ({ ...env, S3_PREFIX: `test-${randomBytes(6).toString('hex')}` }),
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
