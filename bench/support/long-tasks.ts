import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { CpuProfileModel } from 'lighthouse/core/lib/tracehouse/cpu-profile-model.js';
import { MainThreadTasks } from 'lighthouse/core/lib/tracehouse/main-thread-tasks.js';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';

/**
 * Long tasks of a page load, attributed to what ran in them: the main thread's task tree (from
 * Lighthouse's trace house) and the V8 sampling profile in the same trace
 * (`disabled-by-default-v8.cpu_profiler`). A JavaScript sample counts for the source module its
 * function comes from (through the build's source maps: `react-dom`, `src/lib/i18n.ts`, …); any
 * other sample for the browser's work around it (style and layout, paint, parsing, compiling,
 * garbage collection). Used by bench/trace.ts and bench/lighthouse.ts (docs/budgets.md).
 */

export const PROFILER_CATEGORY = 'disabled-by-default-v8.cpu_profiler';

/** The trace categories a breakdown of long tasks reads (tasks, scripts, marks, the profile). */
export const LONG_TASK_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'loading',
  'toplevel',
  PROFILER_CATEGORY,
];

export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, µs. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args: Record<string, unknown> & { data?: Record<string, unknown> };
}

interface TaskNode {
  event: TraceEvent;
  children: TaskNode[];
  parent: TaskNode | undefined;
  startTime: number;
  endTime: number;
  duration: number;
  selfTime: number;
  attributableURLs: string[];
  group: { id: string; label: string };
}

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  parent?: number;
}

interface CpuProfile {
  pid: number;
  tid: number;
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export interface LongTask {
  /** ms since navigation start (the trace's time origin). */
  start: number;
  /** ms of wall time, as traced (Lighthouse's simulation multiplies it by its CPU slowdown). */
  duration: number;
  /** ms of the main thread's CPU time: what the machine's other work does not inflate. */
  cpu: number;
  /** What started it: the script evaluated, the event, timer or callback. */
  trigger: string;
  /** ms per cause, largest first. */
  causes: [string, number][];
}

const browserWork: Record<string, string> = {
  parseHTML: 'browser: parse HTML/CSS',
  styleLayout: 'browser: style & layout',
  paintCompositeRender: 'browser: paint',
  scriptParseCompile: 'browser: compile JS',
  garbageCollection: 'browser: GC',
  scriptEvaluation: 'browser: script glue',
  other: 'browser: other',
};

/** Names a source file the way a reader looks for it: the npm package, or the path in the repository. */
function moduleName(source: string): string {
  const normalized = source.replace(/\\/g, '/');
  const nodeModules = normalized.lastIndexOf('node_modules/');
  if (nodeModules >= 0) {
    const parts = normalized.slice(nodeModules + 'node_modules/'.length).split('/');
    return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  }
  const inRepo = normalized.match(/(?:^|\/)((?:src|locales|sw)\/.*)$/);
  return inRepo ? inRepo[1]!.replace(/\?.*$/, '') : normalized;
}

/** Maps a script URL and position to its source module through the build's source maps. */
export class SourceModules {
  private maps = new Map<string, TraceMap | null>();
  constructor(private readonly distDir: string) {}

  private mapFor(url: string): TraceMap | null {
    let pathname: string;
    try {
      pathname = new URL(url).pathname;
    } catch {
      return null;
    }
    if (!this.maps.has(pathname)) {
      const file = path.join(this.distDir, `${pathname}.map`);
      this.maps.set(
        pathname,
        existsSync(file) ? new TraceMap(readFileSync(file, 'utf8'), `file://${file}`) : null,
      );
    }
    return this.maps.get(pathname)!;
  }

  name(frame: Pick<CallFrame, 'url' | 'lineNumber' | 'columnNumber'>): string {
    const map = this.mapFor(frame.url);
    const file = frame.url.replace(/^.*\//, '').replace(/\?.*$/, '');
    if (!map) return file || frame.url;
    const position = originalPositionFor(map, {
      line: frame.lineNumber + 1,
      column: Math.max(frame.columnNumber, 0),
    });
    return position.source ? moduleName(position.source) : file;
  }
}

/** The deepest task of the tree that contains `ts` (µs). */
function deepest(task: TaskNode, ms: number): TaskNode {
  for (const child of task.children) {
    if (child.startTime <= ms && ms < child.endTime) return deepest(child, ms);
  }
  return task;
}

function triggerOf(task: TaskNode, modules: SourceModules): string {
  const queue = [...task.children];
  while (queue.length > 0) {
    const child = queue.shift()!;
    const data = child.event.args.data ?? {};
    const url = typeof data['url'] === 'string' ? data['url'] : '';
    const file = url.replace(/^.*\//, '');
    switch (child.event.name) {
      case 'DocumentLoader::CommitNavigation':
        return 'commit the navigation (new document)';
      case 'EvaluateScript':
      case 'v8.evaluateModule':
        return `evaluate ${file || task.attributableURLs.map((url) => url.replace(/^.*\//, '')).join(', ') || 'module'}`;
      case 'FunctionCall': {
        const name = typeof data['functionName'] === 'string' ? data['functionName'] : '';
        const where =
          url && typeof data['lineNumber'] === 'number'
            ? modules.name({
                url,
                lineNumber: (data['lineNumber'] as number) - 1,
                columnNumber: ((data['columnNumber'] as number | undefined) ?? 1) - 1,
              })
            : file;
        return `call ${name || '(anonymous)'} in ${where}`;
      }
      case 'TimerFire':
        return 'timer';
      case 'EventDispatch':
        return `event ${String(data['type'] ?? '')}`;
      case 'FireAnimationFrame':
        return 'animation frame';
      case 'FireIdleCallback':
        return 'idle callback';
      case 'RunMicrotasks':
        return 'microtasks';
      case 'ParseHTML':
        return 'parse HTML';
      case 'XHRReadyStateChange':
      case 'XHRLoad':
        return 'XHR';
      default:
        queue.push(...child.children);
    }
  }
  return task.event.name;
}

/**
 * The main thread's top-level tasks of at least `minMs` (wall time, as traced) in a trace of one
 * navigation, longest first, each with its trigger and its time by cause.
 */
export function longTasks(
  traceEvents: TraceEvent[],
  options: { distDir: string; minMs: number },
): LongTask[] {
  const modules = new SourceModules(options.distDir);
  const processed = TraceProcessor.processTrace({ traceEvents } as never);
  const frames = processed.frames as { id: string; url: string }[];
  const start = processed.timeOriginEvt.ts;
  const tasks = MainThreadTasks.getMainThreadTasks(
    processed.mainThreadEvents as never,
    frames,
    traceEvents.reduce((end, event) => Math.max(end, event.ts + (event.dur ?? 0)), 0),
    start,
  ) as unknown as TaskNode[];
  const top = tasks.filter(
    (task) => !task.parent && task.duration >= options.minMs && task.startTime >= 0,
  );

  const { pid, tid } = processed.mainThreadEvents[0]!;
  const profiles = (CpuProfileModel.collectProfileEvents(traceEvents as never) as CpuProfile[])
    .filter((profile) => profile.pid === pid && profile.tid === tid)
    .filter((profile) => profile.nodes.length > 0);

  // Top-level tasks do not overlap: the one at a time is found by a binary search.
  const byStart = [...top].sort((a, b) => a.startTime - b.startTime);
  const taskAt = (ms: number): TaskNode | undefined => {
    let low = 0;
    let high = byStart.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const candidate = byStart[middle]!;
      if (ms < candidate.startTime) high = middle - 1;
      else if (ms >= candidate.endTime) low = middle + 1;
      else return candidate;
    }
    return undefined;
  };
  const causes = new Map<TaskNode, Map<string, number>>(top.map((task) => [task, new Map()]));
  const add = (task: TaskNode, cause: string, ms: number) => {
    const table = causes.get(task)!;
    table.set(cause, (table.get(cause) ?? 0) + ms);
  };
  const sampled = new Map<TaskNode, number>();

  for (const profile of profiles) {
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    const names = new Map<number, string | null>();
    /** The module of the innermost frame with a script URL (a built-in counts for its caller). */
    const nameOf = (id: number): string | null => {
      if (names.has(id)) return names.get(id)!;
      const node = nodes.get(id);
      let name: string | null = null;
      if (node) {
        if (node.callFrame.url) name = modules.name(node.callFrame);
        else if (node.parent !== undefined) name = nameOf(node.parent);
      }
      names.set(id, name);
      return name;
    };
    let ts = profile.startTime;
    for (let index = 0; index < profile.samples.length; index++) {
      const previous = ts;
      ts += profile.timeDeltas[index] ?? 0;
      const ms = (ts - start) / 1000;
      const task = taskAt(ms);
      if (!task) continue;
      // A sample stands for the time since the one before, but not for time before its task.
      const weight = (ts - Math.max(previous, start + task.startTime * 1000)) / 1000;
      sampled.set(task, (sampled.get(task) ?? 0) + weight);
      const node = nodes.get(profile.samples[index]!);
      const special = node?.callFrame.functionName ?? '';
      const module = nameOf(profile.samples[index]!);
      if (module && special !== '(program)' && special !== '(garbage collector)') {
        add(task, module, weight);
      } else {
        const inner = deepest(task, ms);
        add(
          task,
          inner.group.id === 'other'
            ? `browser: ${inner.event.name}`
            : (browserWork[inner.group.id] ?? inner.group.id),
          weight,
        );
      }
    }
  }

  return top
    .map((task) => {
      const table = causes.get(task)!;
      // Samples arrive about once a millisecond: scale them to the task's traced length, and
      // when a task has no samples at all (no profile), fall back to its groups' self times.
      const total = sampled.get(task) ?? 0;
      if (total === 0) {
        const walk = (node: TaskNode) => {
          add(task, browserWork[node.group.id] ?? node.group.id, node.selfTime);
          node.children.forEach(walk);
        };
        walk(task);
      }
      const scale = total > 0 ? task.duration / total : 1;
      const cpu = task.event.tdur !== undefined ? task.event.tdur / 1000 : task.duration;
      return {
        start: task.startTime,
        duration: task.duration,
        cpu,
        trigger: triggerOf(task, modules),
        causes: [...table]
          .map(([cause, ms]) => [cause, ms * scale] as [string, number])
          .sort((a, b) => b[1] - a[1]),
      };
    })
    .sort((a, b) => b.duration - a.duration);
}

/** Lines for a console: each task (wall and CPU time), then its causes of at least `minCauseMs`. */
export function formatLongTasks(
  list: LongTask[],
  options: { limit?: number; factor?: number; minCauseMs?: number; fcp?: number } = {},
): string[] {
  const factor = options.factor ?? 1;
  const lines: string[] = [];
  for (const task of list.slice(0, options.limit ?? 10)) {
    const beforeFcp =
      options.fcp !== undefined && task.start + task.duration <= options.fcp ? ', before FCP' : '';
    lines.push(
      `  ${(task.duration * factor).toFixed(0).padStart(5)} ms (CPU ${(task.cpu * factor).toFixed(0)} ms; traced at ${task.start.toFixed(0)} ms${beforeFcp})  ${task.trigger}`,
    );
    const shown = task.causes.filter(([, ms]) => ms * factor >= (options.minCauseMs ?? 2));
    for (const [cause, ms] of shown) {
      lines.push(`          ${(ms * factor).toFixed(0).padStart(5)} ms  ${cause}`);
    }
  }
  return lines;
}

/** CPU time by cause over all the given tasks (each task's causes scaled to its CPU time). */
export function cpuByCause(list: LongTask[]): [string, number][] {
  const totals = new Map<string, number>();
  for (const task of list) {
    const wall = task.causes.reduce((sum, [, ms]) => sum + ms, 0);
    if (wall === 0) continue;
    for (const [cause, ms] of task.causes) {
      totals.set(cause, (totals.get(cause) ?? 0) + (ms / wall) * task.cpu);
    }
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}
