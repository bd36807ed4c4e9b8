/**
 * The query keys of waves, read and refreshed by several features (lists, threads, the editor,
 * the recorder). Every wave query takes its key from here, and a mutation refreshes a branch
 * (`waveKeys.lists()`, `waveKeys.all`) rather than an array typed by hand. Import it as a
 * namespace, `import * as waveKeys from …`: the functions then minify and tree-shake one by one.
 */
export const all = ['waves'] as const;
export const lists = () => [...all, 'list'] as const;
/** `listName` is the list's stable name (`waveListKey()` in the waves feature). */
export const list = (listName: string) => [...lists(), listName] as const;
export const thread = (waveName: string) => [...all, 'thread', waveName] as const;
export const metadata = (waveName: string) => [...all, 'metadata', waveName] as const;
