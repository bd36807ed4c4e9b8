import * as userKeys from './user-keys.ts';

/** The keys of profiles and people lists, under the user root; import as a namespace. */
export const profiles = () => [...userKeys.all, 'byusername'] as const;
export const byUsername = (username: string) => [...profiles(), username.toLowerCase()] as const;
export const peopleLists = () => [...userKeys.all, 'people'] as const;
export const people = (viewerId: number | null) =>
  [...peopleLists(), viewerId ?? 'anonymous'] as const;
