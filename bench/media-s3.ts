// Media from object storage, docs/decisions.md "Object storage" and docs/budgets.md "Media from
// object storage": a player's Range request for wave audio kept in an S3 bucket (s3rver),
//  a. proxied: the server checks access, reads the range from the bucket and streams it;
//  b. redirected: the server checks access and answers 302 to a presigned URL (made with
//     @aws-sdk/s3-request-presigner), and the player fetches the range from the bucket.
// Both through real HTTP on this machine, one request at a time and with 20 at once; the
// figures are ratios of b to a in the same run.
//
//   npx tsx bench/media-s3.ts [--requests=400]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import autocannon from 'autocannon';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { s3Client } from '../server/media/s3-storage.ts';
import { startLocalS3 } from '../tests/helpers/s3.ts';
import { makeTone } from '../tests/helpers/waves.ts';

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback;
const REQUESTS = Number(arg('requests', '400'));

const work = mkdtempSync(path.join(tmpdir(), 'waves-bench-media-'));
const s3 = await startLocalS3();
const config = loadConfig({
  NODE_ENV: 'production',
  DATA_DIR: work,
  LOG_LEVEL: 'warn',
  SEED_DEMO: 'false',
  JOBS_IN_PROCESS: 'false',
  STATIC_DIR: path.join(work, 'no-build'),
  ...s3.env,
});
const { app, services } = await buildApp(config);
try {
  // A published wave of about a megabyte.
  const created = await services.wavePublisher.createWave({
    userId: services.anonymousUserId,
    channelId: 1,
    title: 'bench',
  });
  const published = await services.wavePublisher.publishFromFile(
    created.id,
    makeTone(work, 'tone.mp3', 120),
  );
  const mediaPath = `/media/${published.key}`;
  const client = s3Client(s3.settings);

  // b's server side: the same access check as a, then a presigned URL instead of the bytes.
  app.get('/bench/redirect', async (request, reply) => {
    const audio = await services.waves.media(
      {
        channel_id: created.channel_id,
        created_epoch_day: created.created_epoch_day,
        wave_name: created.wave_name,
      },
      'audio',
      request.viewer,
    );
    if (!audio) return reply.code(404).send();
    const url = await getSignedUrl(
      client,
      new GetObjectCommand({ Bucket: s3.bucket, Key: published.key }),
      { expiresIn: 60 },
    );
    return reply.redirect(url, 302);
  });

  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const range = { range: 'bytes=100000-165535' };
  const timeSequential = async (fetchOne: () => Promise<number>) => {
    const times: number[] = [];
    for (let i = 0; i < REQUESTS; i += 1) {
      const started = performance.now();
      const bytes = await fetchOne();
      if (bytes !== 65536) throw new Error(`got ${bytes} bytes`);
      times.push(performance.now() - started);
    }
    times.sort((x, y) => x - y);
    return {
      p50: times[Math.floor(times.length / 2)]!,
      p99: times[Math.floor(times.length * 0.99)]!,
    };
  };
  const proxied = () =>
    fetch(`${address}${mediaPath}`, { headers: range }).then(
      async (r) => (await r.arrayBuffer()).byteLength,
    );
  const redirected = () =>
    fetch(`${address}/bench/redirect`, { headers: range }).then(
      async (r) => (await r.arrayBuffer()).byteLength,
    );
  await timeSequential(proxied);
  await timeSequential(redirected);
  const a = await timeSequential(proxied);
  const b = await timeSequential(redirected);

  // With 20 at once: the server's throughput (b's bucket fetch is left to the player).
  const concurrent = async (url: string) =>
    (await autocannon({ url, connections: 20, amount: REQUESTS * 2, headers: range })).requests
      .average;
  const aRps = await concurrent(`${address}${mediaPath}`);
  const bRps = await concurrent(`${address}/bench/redirect`);

  const f = (n: number) => n.toFixed(2);
  console.log('\nMedia from object storage (64 KiB Range requests, s3rver on this machine)');
  console.log(
    `  proxied:    p50 ${f(a.p50)} ms, p99 ${f(a.p99)} ms; server ${aRps.toFixed(0)} req/s at 20 connections`,
  );
  console.log(
    `  redirected: p50 ${f(b.p50)} ms, p99 ${f(b.p99)} ms (302 + bucket); server ${bRps.toFixed(0)} req/s answering 302s`,
  );
  console.log(
    `  player latency redirected/proxied: p50 ${f(b.p50 / a.p50)}×, p99 ${f(b.p99 / a.p99)}×`,
  );
  console.log(`  server requests/s redirected/proxied: ${f(bRps / aRps)}×`);
} finally {
  await app.close();
  await s3.close();
  rmSync(work, { recursive: true, force: true });
}
