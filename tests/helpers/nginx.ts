import { spawn, type ChildProcess } from 'node:child_process';
import { connect } from 'node:net';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { freePort } from './server-process.ts';

/** Debian's nginx, if installed. */
export const NGINX_BINARY = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((file) => existsSync(file));

export interface Nginx {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * nginx in front of API processes as README "Several API processes and workers" shows it,
 * started with a configuration and a prefix of its own (never the system's), on a free port.
 */
export async function startNginx(prefix: string, upstreamPorts: number[]): Promise<Nginx> {
  if (!NGINX_BINARY) throw new Error('nginx is not installed');
  const port = await freePort();
  mkdirSync(path.join(prefix, 'logs'), { recursive: true });
  const config = path.join(prefix, 'nginx.conf');
  const servers = upstreamPorts
    .map((upstream) => `    server 127.0.0.1:${upstream} max_fails=1 fail_timeout=5s;`)
    .join('\n');
  writeFileSync(
    config,
    `${process.getuid?.() === 0 ? 'user root;' : ''}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  fastcgi_temp_path ${prefix}/fastcgi;
  uwsgi_temp_path ${prefix}/uwsgi;
  scgi_temp_path ${prefix}/scgi;
  upstream waves_api {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 110m;
    location = /metrics { deny all; }
    location / {
      proxy_pass http://waves_api;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Request-Id $request_id;
      proxy_request_buffering off;
      proxy_buffering off;
      proxy_next_upstream error http_502 http_503;
    }
  }
}
`,
  );
  const child = spawn(NGINX_BINARY, ['-p', prefix, '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode})`);
    // Up once it accepts a connection. Not an HTTP request: proxied before the API processes
    // listen, it would mark both upstreams failed for fail_timeout, and a test that kills one
    // within those 5 s would get "no live upstreams" (a 502) instead of the other one.
    if (await accepts(port)) break;
    if (Date.now() > deadline) throw new Error('nginx did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    child,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGQUIT');
      await exited;
    },
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
