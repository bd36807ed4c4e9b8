import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the job queue reports when /metrics is scraped. */
export interface QueueStats {
  kind: string;
  /** Jobs waiting whose time has come. */
  due: number;
  /** Seconds the oldest due job has been waiting (0 when none). */
  oldestAgeSeconds: number;
}

/**
 * The process's Prometheus metrics (GET /metrics, prom-client), one registry per app so tests
 * and benchmarks can build several apps in one process. Names follow Prometheus' conventions
 * (`_total` counters, `_seconds` durations); docs/decisions.md "Operations" lists them.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'waves_' });

  const requests = new Counter({
    name: 'waves_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'waves_http_request_duration_seconds',
    help: 'Time from the request to its reply, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
    registers: [registry],
  });
  const uploadBytes = new Counter({
    name: 'waves_upload_bytes_total',
    help: 'Bytes of audio uploads stored, by way (tus or multipart)',
    labelNames: ['way'] as const,
    registers: [registry],
  });
  const cacheLookups = new Counter({
    name: 'waves_list_cache_lookups_total',
    help: 'Wave list page cache lookups, by result (hit or miss)',
    labelNames: ['result'] as const,
    registers: [registry],
  });
  const shedRequests = new Counter({
    name: 'waves_shed_requests_total',
    help: 'Requests refused at once with 429 because the process was saturated (load shedding)',
    registers: [registry],
  });
  const cacheHit = cacheLookups.labels('hit');
  const cacheMiss = cacheLookups.labels('miss');

  let queueStats: () => Promise<QueueStats[]> = async () => [];
  const stats = () => queueStats();
  new Gauge({
    name: 'waves_job_queue_depth',
    help: 'Jobs due and waiting for a worker, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await stats()) this.set({ kind: row.kind }, row.due);
    },
  });
  new Gauge({
    name: 'waves_job_queue_oldest_age_seconds',
    help: 'How long the oldest due job has waited, by kind',
    labelNames: ['kind'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await stats()) this.set({ kind: row.kind }, row.oldestAgeSeconds);
    },
  });

  // Labelled children are looked up once per method, route and status (the hot path).
  const children = new Map<
    string,
    { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof duration.labels> }
  >();

  return {
    registry,
    /** One answered request; `seconds` from arrival to reply. */
    observeRequest(method: string, route: string, status: number, seconds: number) {
      const key = `${method} ${route} ${status}`;
      let child = children.get(key);
      if (!child) {
        child = {
          count: requests.labels(method, route, String(status)),
          time: duration.labels(method, route),
        };
        children.set(key, child);
      }
      child.count.inc();
      child.time.observe(seconds);
    },
    uploadBytes(way: 'tus' | 'multipart', bytes: number) {
      uploadBytes.inc({ way }, bytes);
    },
    shedRequest() {
      shedRequests.inc();
    },
    listCacheLookup(hit: boolean) {
      (hit ? cacheHit : cacheMiss).inc();
    },
    /** Where the queue gauges read from (the job queue, on each scrape). */
    setQueueStats(read: () => Promise<QueueStats[]>) {
      queueStats = read;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
