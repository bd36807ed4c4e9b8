/**
 * The query keys of the resources that more than one feature reads or refreshes. Each key is
 * written once, here: the resource's `queryOptions` take it from these factories, and a
 * mutation refreshes a branch of the tree (`waveKeys.lists()`, `userKeys.all`) instead of
 * spelling an array by hand, so two fetchers can no longer meet under one key by accident.
 * A resource only one feature uses keeps its key in its own `queryOptions`.
 */
export const waveKeys = {
  all: ['waves'] as const,
  lists: () => [...waveKeys.all, 'list'] as const,
  /** `listName` is the list's stable name (`waveListKey()` in the waves feature). */
  list: (listName: string) => [...waveKeys.lists(), listName] as const,
  thread: (waveName: string) => [...waveKeys.all, 'thread', waveName] as const,
  metadata: (waveName: string) => [...waveKeys.all, 'metadata', waveName] as const,
};

export const channelKeys = {
  /** Every channel list; a new channel refreshes them all. */
  lists: () => ['channels'] as const,
  byLanguage: (language: string) => [...channelKeys.lists(), 'bylanguage', language] as const,
  mostRecent: (language: string) => [...channelKeys.lists(), 'byusermostrecent', language] as const,
  info: (channelId: number) => ['channel', 'info', channelId] as const,
  byName: (channelName: string) => ['channel', 'name', channelName.toLowerCase()] as const,
};

export const userKeys = {
  all: ['user'] as const,
  me: () => [...userKeys.all, 'me'] as const,
  profiles: () => [...userKeys.all, 'byusername'] as const,
  byUsername: (username: string) => [...userKeys.profiles(), username.toLowerCase()] as const,
  peopleLists: () => [...userKeys.all, 'people'] as const,
  people: (viewerId: number | null) =>
    [...userKeys.peopleLists(), viewerId ?? 'anonymous'] as const,
};
