import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { LanternFirstContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-first-contentful-paint.js';
import { LanternTotalBlockingTime } from 'lighthouse/core/computed/metrics/lantern-total-blocking-time.js';
import { Simulation } from 'lighthouse/core/lib/lantern/lantern.js';

/**
 * What Lighthouse's simulated LCP is made of (docs/budgets.md "First screen (Lighthouse)"). The
 * simulation (Lantern) keeps from the traced page load every request that ended before the
 * traced LCP and the CPU tasks it deems needed, replays them over simulated Slow 4G (150 ms
 * round trips, 1.6 Mbit/s) with the CPU 4× slower, and takes the mean of an optimistic and a
 * pessimistic graph's last end. A request in that graph counts whether the LCP element needed it
 * or not, and one that waits for another (its initiator, the script task that sent it) starts
 * only after it: that chain is what this prints.
 */

export interface ChainRequest {
  /** The URL's path and query, shortened. */
  url: string;
  resourceType: string;
  priority: string;
  transferBytes: number;
  fromDiskCache: boolean;
  /** Observed (traced, unthrottled) start and end, ms after the main document's start. */
  observedStart: number;
  observedEnd: number;
  /** Simulated start and end in the pessimistic graph (undefined if not in it), ms. */
  simulatedStart: number | undefined;
  simulatedEnd: number | undefined;
  /** In the optimistic graph too. */
  optimistic: boolean;
  /** What the request waits for in the graph: requests (URL tails) or script tasks. */
  waitsFor: string[];
  /**
   * The simulated connection: `new` (a handshake first) or `warm`, and the time to its first
   * byte, which holds the origin's estimated server response time (undefined from the cache).
   */
  connection: { fresh: boolean; timeToFirstByte: number } | undefined;
}

export interface LanternChain {
  /** The simulated LCP: the mean of both graphs' last end (at least the simulated FCP). */
  lcp: number;
  optimisticMs: number;
  pessimisticMs: number;
  /** CPU time in the pessimistic graph, simulated (× the slowdown), ms. */
  cpuMs: number;
  requests: ChainRequest[];
}

interface LanternRequest {
  url: string;
  resourceType: string;
  priority: string;
  transferSize: number;
  fromDiskCache?: boolean;
  networkRequestTime: number;
  networkEndTime: number;
}
interface LanternNode {
  id: string;
  type: 'network' | 'cpu';
  request: LanternRequest;
  isMainDocument(): boolean;
  getDependencies(): LanternNode[];
  traverse(callback: (node: LanternNode) => void): void;
}
interface NodeTiming {
  startTime: number;
  endTime: number;
  duration: number;
}
/** What the simulator keeps of a request beyond its timing (its connection's part). */
interface CompleteNodeTiming {
  connectionTiming?: { dnsResolutionTime?: number; timeToFirstByte: number };
}
interface Estimate {
  timeInMs: number;
  nodeTimings: Map<LanternNode, NodeTiming>;
}

const tail = (url: string) => {
  const parsed = new URL(url);
  const full = parsed.pathname + parsed.search;
  return full.length > 48 ? `…${full.slice(-47)}` : full;
};

function label(node: LanternNode): string {
  return node.type === 'network' ? tail(node.request.url) : 'a script task';
}

interface LighthouseResult {
  artifacts: unknown;
  lhr: { configSettings: unknown };
}

interface ComputedMetric {
  request(data: unknown, context: unknown): Promise<unknown>;
}

/** The inputs of Lighthouse's computed Lantern metrics, from a run's artifacts. */
function lanternInputs(result: LighthouseResult, options: { threadTime?: boolean }) {
  const artifacts = result.artifacts as Record<string, unknown>;
  const settings = result.lhr.configSettings;
  const trace = artifacts['Trace'] as { traceEvents: { dur?: number; tdur?: number }[] };
  return {
    data: {
      trace: options.threadTime ? withThreadTime(trace) : trace,
      devtoolsLog: artifacts['DevtoolsLog'],
      gatherContext: artifacts['GatherContext'],
      settings,
      URL: artifacts['URL'],
      SourceMaps: artifacts['SourceMaps'],
      simulator: null,
    },
    context: { computedCache: new Map(), settings },
  };
}

interface LcpMetric {
  timing: number;
  optimisticEstimate: Estimate;
  pessimisticEstimate: Estimate;
}

const lcpMetric = async (data: unknown, context: unknown) =>
  (await (LanternLargestContentfulPaint as unknown as ComputedMetric).request(
    data,
    context,
  )) as LcpMetric;

/** The requests of a simulated LCP's pessimistic graph, in simulated order. */
function chainOf(metric: LcpMetric): LanternChain {
  const pessimistic = metric.pessimisticEstimate.nodeTimings;
  // The simulator keeps the last simulation of each label with its connections' timings.
  const complete = (
    Simulation.Simulator.allNodeTimings as Map<string, Map<LanternNode, CompleteNodeTiming>>
  ).get('pessimisticLargestContentfulPaint');
  const optimisticNodes = new Set(
    [...metric.optimisticEstimate.nodeTimings.keys()].map((node) => node.id),
  );
  let documentStart = 0;
  for (const node of pessimistic.keys()) {
    if (node.type === 'network' && node.isMainDocument()) {
      documentStart = node.request.networkRequestTime;
    }
  }
  let cpuMs = 0;
  const requests: ChainRequest[] = [];
  for (const [node, timing] of pessimistic) {
    if (node.type !== 'network') {
      cpuMs += timing.duration;
      continue;
    }
    const request = node.request;
    requests.push({
      url: tail(request.url),
      resourceType: request.resourceType,
      priority: request.priority,
      transferBytes: request.transferSize,
      fromDiskCache: Boolean(request.fromDiskCache),
      observedStart: request.networkRequestTime - documentStart,
      observedEnd: request.networkEndTime - documentStart,
      simulatedStart: timing.startTime,
      simulatedEnd: timing.endTime,
      optimistic: optimisticNodes.has(node.id),
      waitsFor: [...new Set(node.getDependencies().map(label))],
      connection: connectionOf(complete?.get(node)),
    });
  }
  requests.sort((a, b) => (a.simulatedStart ?? 0) - (b.simulatedStart ?? 0));
  return {
    lcp: metric.timing,
    optimisticMs: metric.optimisticEstimate.timeInMs,
    pessimisticMs: metric.pessimisticEstimate.timeInMs,
    cpuMs,
    requests,
  };
}

/**
 * The simulated LCP and TBT as Lighthouse computes them, from the run's trace as traced (each
 * task's wall time, as Lighthouse's own audits), or with each task's CPU time in place of its wall
 * time (`threadTime`, withThreadTime): the page's own main-thread work, without the time other
 * processes held the core. Also the tasks the TBT counts, so that both simulations can be read.
 */
export async function simulatedMetrics(
  result: LighthouseResult,
  options: { threadTime: boolean },
): Promise<SimulatedMetrics> {
  const { data, context } = lanternInputs(result, options);
  const lcp = await lcpMetric(data, context);
  const chain = chainOf(lcp);
  const fcp = (await (LanternFirstContentfulPaint as unknown as ComputedMetric).request(
    data,
    context,
  )) as { optimisticEstimate: Estimate };
  const tbt = (await (LanternTotalBlockingTime as unknown as ComputedMetric).request(
    data,
    context,
  )) as { timing: number; pessimisticEstimate: Estimate };
  // The pessimistic TBT counts the tasks after the optimistic FCP (Lantern's TotalBlockingTime).
  const fcpMs = fcp.optimisticEstimate.timeInMs;
  const blockingTasks: BlockingTask[] = [];
  for (const [node, timing] of tbt.pessimisticEstimate.nodeTimings) {
    if (node.type !== 'cpu' || timing.duration < 50 || timing.endTime <= fcpMs) continue;
    const counted = timing.endTime - Math.max(timing.startTime, fcpMs);
    blockingTasks.push({
      start: timing.startTime,
      duration: timing.duration,
      cpu: ((node as unknown as { event: { tdur?: number } }).event.tdur ?? 0) / 1000,
      blocking: Math.max(0, counted - 50 * (counted / timing.duration)),
      madeOf: madeOf(node),
    });
  }
  blockingTasks.sort((a, b) => b.blocking - a.blocking);
  return { lcp: lcp.timing, tbt: tbt.timing, fcp: fcpMs, blockingTasks, chain };
}

export interface BlockingTask {
  /** Simulated start and duration (× the slowdown), ms. */
  start: number;
  duration: number;
  /** The task's traced CPU time (not slowed down), ms. */
  cpu: number;
  /** About what the task adds to the pessimistic TBT, ms. */
  blocking: number;
  /** Its longest child events, with the script they ran. */
  madeOf: string;
}

export interface SimulatedMetrics {
  lcp: number;
  tbt: number;
  /** The optimistic simulated FCP: tasks after it count towards the pessimistic TBT. */
  fcp: number;
  blockingTasks: BlockingTask[];
  /** The simulated LCP's requests in this simulation. */
  chain: LanternChain;
}

interface TraceChild {
  name: string;
  dur?: number;
  args?: { data?: { url?: string } };
}

/** A CPU node's longest child events (they nest, so they overlap), named, traced ms. */
function madeOf(node: LanternNode): string {
  const children = (node as unknown as { childEvents: TraceChild[] }).childEvents;
  return [...children]
    .filter((child) => (child.dur ?? 0) >= 1000)
    .sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
    .slice(0, 4)
    .map((child) => {
      const url = child.args?.data?.url;
      const where = url ? ` ${url.split('/').pop()}` : '';
      return `${child.name}${where} ${((child.dur ?? 0) / 1000).toFixed(0)}`;
    })
    .join(', ');
}

/**
 * The trace with every event's wall duration replaced by its thread (CPU) duration where the
 * trace has one: the simulation multiplies each task's duration by the CPU slowdown, and on a
 * shared machine a task's wall time also holds the time other processes had the core. The
 * simulated LCP of this trace counts only the page's own main-thread work (docs/budgets.md
 * "First screen (Lighthouse)").
 */
function withThreadTime<T extends { traceEvents: { dur?: number; tdur?: number }[] }>(trace: T): T {
  return {
    ...trace,
    traceEvents: trace.traceEvents.map((event) =>
      event.tdur !== undefined && event.dur !== undefined
        ? { ...event, dur: Math.min(event.dur, event.tdur) }
        : event,
    ),
  };
}

function connectionOf(timing: CompleteNodeTiming | undefined): ChainRequest['connection'] {
  const connection = timing?.connectionTiming;
  if (!connection) return undefined;
  // Only a connection's first request has a DNS time (Lantern's TCPConnection).
  return {
    fresh: connection.dnsResolutionTime !== undefined,
    timeToFirstByte: connection.timeToFirstByte,
  };
}

const connectionLabel = (connection: ChainRequest['connection']) =>
  connection
    ? `${connection.fresh ? 'new' : 'warm'} ${connection.timeToFirstByte.toFixed(0)} ms`
    : '—';

/** One line per request of the simulated LCP's graph, in simulated order. */
export function formatChain(chain: LanternChain): string[] {
  const lines = [
    `  simulated LCP ${chain.lcp.toFixed(0)} ms = mean of optimistic ${chain.optimisticMs.toFixed(0)} and pessimistic ${chain.pessimisticMs.toFixed(0)} ms; CPU in the pessimistic graph ${chain.cpuMs.toFixed(0)} ms (simulated)`,
    `  ${'request'.padEnd(50)} ${'type'.padEnd(10)} ${'bytes'.padStart(7)}  observed ms   simulated ms  connection, first byte  waits for`,
  ];
  for (const request of chain.requests) {
    const simulated =
      request.simulatedStart === undefined
        ? '—'
        : `${request.simulatedStart.toFixed(0).padStart(5)}–${request.simulatedEnd!.toFixed(0).padEnd(5)}`;
    lines.push(
      `  ${request.url.padEnd(50)} ${request.resourceType.padEnd(10)} ${String(request.transferBytes).padStart(7)}  ${request.observedStart.toFixed(0).padStart(4)}–${request.observedEnd.toFixed(0).padEnd(5)}  ${simulated}${request.optimistic ? '' : ' (pess. only)'}${request.fromDiskCache ? ' (disk cache)' : ''}  ${connectionLabel(request.connection)}  ${request.waitsFor.join(', ')}`,
    );
  }
  return lines;
}
