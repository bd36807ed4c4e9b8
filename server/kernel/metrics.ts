import { Counter, Gauge, Registry, collectDefaultMetrics, type Metric } from 'prom-client';

/** What the job queue reports when /metrics is scraped. */
export interface QueueStats {
  kind: string;
  /** Jobs waiting whose time has come. */
  due: number;
  /** Seconds the oldest due job has been waiting (0 when none). */
  oldestAgeSeconds: number;
}

type RequestLabels = Record<'method' | 'route' | 'status', string>;

const DURATION_BUCKETS = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10,
];

/** One method and route's latency histogram, in plain numbers until scraped. */
class RouteTimes {
  /** Observations per bucket (not cumulative); the last counts those above every bound. */
  private readonly counts = new Float64Array(DURATION_BUCKETS.length + 1);
  private sum = 0;
  private count = 0;
  constructor(private readonly labels: Record<'method' | 'route', string>) {}

  observe(seconds: number) {
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > DURATION_BUCKETS[bucket]!) bucket += 1;
    this.counts[bucket]! += 1;
    this.sum += seconds;
    this.count += 1;
  }

  /** prom-client's histogram values: cumulative `_bucket`s by `le`, `_sum` and `_count`. */
  values() {
    const name = 'waves_http_request_duration_seconds';
    let cumulative = 0;
    const buckets = [...DURATION_BUCKETS, '+Inf' as const].map((le, index) => {
      cumulative += this.counts[index]!;
      return { labels: { ...this.labels, le }, value: cumulative, metricName: `${name}_bucket` };
    });
    return [
      ...buckets,
      { labels: this.labels, value: this.sum, metricName: `${name}_sum` },
      { labels: this.labels, value: this.count, metricName: `${name}_count` },
    ];
  }
}

/**
 * A metric whose values are read when the registry is scraped, in the shape prom-client's own
 * metrics give its registry (`get()`), so it is exposed (and merged, and reset) like them.
 */
function scrapedMetric(
  name: string,
  help: string,
  type: 'counter' | 'histogram',
  read: () => { labels: Record<string, string | number>; value: number; metricName?: string }[],
): Metric {
  const metric = {
    name,
    help,
    type,
    aggregator: 'sum' as const,
    get: async () => ({ name, help, type, aggregator: 'sum' as const, values: read() }),
    reset: () => undefined,
  };
  return metric as unknown as Metric;
}

/**
 * The process's Prometheus metrics (GET /metrics, prom-client), one registry per app so tests
 * and benchmarks can build several apps in one process. Names follow Prometheus' conventions
 * (`_total` counters, `_seconds` durations); docs/decisions.md "Operations" lists them.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'waves_' });

  // Requests by route: added up in plain numbers per route (routeRecorder) and handed to
  // prom-client's exposition when /metrics is scraped. A prom-client child re-validates and
  // re-hashes its labels on every inc and observe (~1.5 µs a request for the two), which the
  // newest list's budget cannot spare (docs/budgets.md "List endpoints").
  const requestCounts = new Map<string, { labels: RequestLabels; value: number }>();
  const requestTimes = new Map<string, RouteTimes>();
  registry.registerMetric(
    scrapedMetric(
      'waves_http_requests_total',
      'HTTP requests answered, by method, route pattern and status code',
      'counter',
      () => [...requestCounts.values()].map(({ labels, value }) => ({ labels, value })),
    ),
  );
  registry.registerMetric(
    scrapedMetric(
      'waves_http_request_duration_seconds',
      'Time from the request to its reply, by method and route pattern',
      'histogram',
      () => [...requestTimes.values()].flatMap((times) => times.values()),
    ),
  );
  const uploadBytes = new Counter({
    name: 'waves_upload_bytes_total',
    help: 'Bytes of audio uploads stored, by way (tus or multipart)',
    labelNames: ['way'] as const,
    registers: [registry],
  });
  // Counted once for every list request, so in plain numbers as well (above).
  const cacheLookups = { hit: 0, miss: 0 };
  registry.registerMetric(
    scrapedMetric(
      'waves_list_cache_lookups_total',
      'Wave list page cache lookups, by result (hit or miss)',
      'counter',
      () => [
        { labels: { result: 'hit' }, value: cacheLookups.hit },
        { labels: { result: 'miss' }, value: cacheLookups.miss },
      ],
    ),
  );
  const shedRequests = new Counter({
    name: 'waves_shed_requests_total',
    help: 'Requests refused at once with 429 because the process was saturated (load shedding)',
    registers: [registry],
  });

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

  const countOf = (method: string, route: string, status: number) => {
    const key = `${method} ${route} ${status}`;
    let count = requestCounts.get(key);
    if (!count) {
      count = { labels: { method, route, status: String(status) }, value: 0 };
      requestCounts.set(key, count);
    }
    return count;
  };
  const timesOf = (method: string, route: string) => {
    const key = `${method} ${route}`;
    let times = requestTimes.get(key);
    if (!times) {
      times = new RouteTimes({ method, route });
      requestTimes.set(key, times);
    }
    return times;
  };

  return {
    registry,
    /**
     * What counts the answered requests of one route pattern (`unmatched`: no route), made once
     * per route: a request with the method and status of the one before it costs two additions
     * and a bucket search, no object and no string.
     */
    routeRecorder(route: string) {
      let lastMethod = '';
      let lastStatus = 0;
      let count: { value: number } | undefined;
      let times: RouteTimes | undefined;
      /** One answered request; `seconds` from arrival to reply. */
      return (method: string, status: number, seconds: number) => {
        if (
          count === undefined ||
          times === undefined ||
          method !== lastMethod ||
          status !== lastStatus
        ) {
          lastMethod = method;
          lastStatus = status;
          count = countOf(method, route, status);
          times = timesOf(method, route);
        }
        count.value += 1;
        times.observe(seconds);
      };
    },
    uploadBytes(way: 'tus' | 'multipart', bytes: number) {
      uploadBytes.inc({ way }, bytes);
    },
    shedRequest() {
      shedRequests.inc();
    },
    listCacheLookup(hit: boolean) {
      if (hit) cacheLookups.hit += 1;
      else cacheLookups.miss += 1;
    },
    /** Where the queue gauges read from (the job queue, on each scrape). */
    setQueueStats(read: () => Promise<QueueStats[]>) {
      queueStats = read;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
