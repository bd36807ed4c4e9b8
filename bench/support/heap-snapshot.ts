// What a page's JavaScript heap is made of: a heap snapshot (which collects garbage first) summed
// by V8's node types ("code" is compiled code, "hidden" the engine's own objects, "object" the
// page's objects and the browser's wrappers of its own objects) and by constructor name, so a
// growth can be told apart: the app's objects, or the engine's caches of optimised code.
import type { CDPSession } from '@playwright/test';

export interface HeapBreakdown {
  total: number;
  byType: Map<string, number>;
  byName: Map<string, { count: number; size: number }>;
}

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
}

export async function heapBreakdown(cdp: CDPSession): Promise<HeapBreakdown> {
  const chunks: string[] = [];
  const onChunk = (event: { chunk: string }) => chunks.push(event.chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', onChunk);
  try {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', onChunk);
  }
  const { snapshot, nodes, strings } = JSON.parse(chunks.join('')) as Snapshot;
  const fields = snapshot.meta.node_fields;
  const typeNames = snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byType = new Map<string, number>();
  const byName = new Map<string, { count: number; size: number }>();
  let total = 0;
  for (let index = 0; index < nodes.length; index += fields.length) {
    const type = typeNames[nodes[index + typeAt!]!]!;
    const size = nodes[index + sizeAt!]!;
    total += size;
    byType.set(type, (byType.get(type) ?? 0) + size);
    const name = `${type}: ${type === 'string' ? '' : strings[nodes[index + nameAt!]!]!.slice(0, 60)}`;
    const entry = byName.get(name) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += size;
    byName.set(name, entry);
  }
  return { total, byType, byName };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
const signedKb = (bytes: number) => `${bytes >= 0 ? '+' : ''}${kb(bytes)}`;

/** The JavaScript objects a page's code made: not compiled code, not the browser's native objects. */
export const pageObjects = (heap: HeapBreakdown) =>
  heap.total - (heap.byType.get('code') ?? 0) - (heap.byType.get('native') ?? 0);

/** Lines describing what grew from `before` to `after`: by type, then the largest names. */
export function describeGrowth(before: HeapBreakdown, after: HeapBreakdown, topNames = 10) {
  const lines = [
    `snapshot total ${kb(before.total)} → ${kb(after.total)} (${signedKb(after.total - before.total)})`,
    `the page's JavaScript objects (without compiled code and the browser's native objects): ${kb(pageObjects(before))} → ${kb(pageObjects(after))} (${(pageObjects(after) / pageObjects(before)).toFixed(2)}×)`,
  ];
  const types = new Set([...before.byType.keys(), ...after.byType.keys()]);
  const typeGrowth = [...types]
    .map((type) => [type, (after.byType.get(type) ?? 0) - (before.byType.get(type) ?? 0)] as const)
    .filter(([, growth]) => Math.abs(growth) >= 1024)
    .sort((a, b) => b[1] - a[1]);
  lines.push(
    `by type: ${typeGrowth.map(([type, growth]) => `${type} ${signedKb(growth)}`).join(', ')}`,
  );
  const names = new Set([...before.byName.keys(), ...after.byName.keys()]);
  const nameGrowth = [...names]
    .map((name) => {
      const a = before.byName.get(name) ?? { count: 0, size: 0 };
      const b = after.byName.get(name) ?? { count: 0, size: 0 };
      return { name, size: b.size - a.size, count: b.count - a.count };
    })
    .sort((a, b) => Math.abs(b.size) - Math.abs(a.size))
    .slice(0, topNames);
  for (const { name, size, count } of nameGrowth)
    lines.push(
      `  ${signedKb(size).padStart(8)} ${String(count >= 0 ? `+${count}` : count).padStart(6)}×  ${name}`,
    );
  return lines;
}
