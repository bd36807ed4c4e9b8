// Types of scripts/build.mjs for the TypeScript that imports it (tests/server/production-install.test.ts).
export type Part = 'client' | 'server';
export function isStale(name: Part, out?: string): boolean;
export function build(
  names: Part[],
  options?: { outs?: Partial<Record<Part, string | undefined>>; ifStale?: boolean },
): void;
