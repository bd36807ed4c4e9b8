import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A proxy in front of the server that counts the audio bytes it moves (`/media/audio/…`), and
 * with `bytesPerSecond` sends audio no faster than that, in 16 KB steps (a slow network, where
 * the page's own requests and the service worker's download race).
 */
export async function countingProxy(target: string, bytesPerSecond: number | null = null) {
  const upstream = new URL(target);
  const counted = { audioBytes: 0, audioRequests: 0 };
  const server: Server = createServer((incoming, outgoing) => {
    const isAudio = (incoming.url ?? '').startsWith('/media/audio/');
    if (isAudio) counted.audioRequests++;
    const forward = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        path: incoming.url,
        method: incoming.method,
        headers: { ...incoming.headers, host: upstream.host },
      },
      (reply) => {
        outgoing.writeHead(reply.statusCode ?? 502, reply.headers);
        if (!isAudio) return void reply.pipe(outgoing);
        reply.on('data', (chunk: Buffer) => {
          counted.audioBytes += chunk.length;
          if (bytesPerSecond === null) return void outgoing.write(chunk);
          reply.pause();
          const wait = (chunk.length / bytesPerSecond) * 1000;
          outgoing.write(chunk, () => setTimeout(() => reply.resume(), wait));
        });
        reply.on('end', () => outgoing.end());
      },
    );
    forward.on('error', () => outgoing.destroy());
    outgoing.on('close', () => forward.destroy());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://localhost:${port}`,
    counted,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
