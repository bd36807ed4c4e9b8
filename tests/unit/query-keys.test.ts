import { beforeAll, describe, expect, it } from 'vitest';

/**
 * A query key names one fetcher and one result shape. Two `queryOptions` under the same key share
 * a cache entry, so whichever screen loads first decides what the other one gets (the recorder's
 * reply target and the wave editor once did this with the wave metadata).
 */
const sources = import.meta.glob<string>('/src/**/*.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const modulesWithQueries = Object.entries(sources)
  .filter(([, text]) => /\b(queryOptions|infiniteQueryOptions)\(/.test(text))
  .map(([path]) => path);

interface QueryDefinition {
  name: string;
  queryKey: readonly unknown[];
}

function isQueryOptions(value: unknown): value is { queryKey: readonly unknown[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as { queryKey?: unknown }).queryKey) &&
    typeof (value as { queryFn?: unknown }).queryFn === 'function'
  );
}

/** Every exported `queryOptions` (or factory named `…Query`), built with the same argument. */
async function queryDefinitions(): Promise<QueryDefinition[]> {
  const found: QueryDefinition[] = [];
  for (const path of modulesWithQueries) {
    const module = (await import(/* @vite-ignore */ path)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      const built =
        typeof value === 'function' && exportName.endsWith('Query')
          ? (value as (...args: unknown[]) => unknown)('probe', 'probe')
          : value;
      if (isQueryOptions(built))
        found.push({ name: `${path}#${exportName}`, queryKey: built.queryKey });
    }
  }
  return found;
}

describe('query keys', () => {
  let queries: QueryDefinition[] = [];
  // Importing every module with a query takes a few seconds on a busy machine.
  beforeAll(async () => {
    queries = await queryDefinitions();
  }, 60_000);

  it('finds the queries of the app (the scan below is not vacuous)', () => {
    const names = queries.map((query) => query.name);
    expect(names).toContain('/src/api/get-wave-metadata.ts#waveMetadataQuery');
    expect(names).toContain('/src/api/get-wave-list.ts#waveListQuery');
    expect(names).toContain('/src/lib/current-user.ts#currentUserQuery');
    expect(names.length).toBeGreaterThanOrEqual(15);
  });

  it('gives every query of the app a key of its own', () => {
    const owners = new Map<string, string[]>();
    for (const query of queries) {
      const key = JSON.stringify(query.queryKey);
      owners.set(key, [...(owners.get(key) ?? []), query.name]);
    }
    const shared = [...owners.entries()].filter(([, names]) => names.length > 1);
    expect(shared).toEqual([]);
  });
});
