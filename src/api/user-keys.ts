/**
 * The root of every user query and the signed-in user's key (see wave-keys.ts for the namespace
 * import). Profiles and people lists hang under the same root (profile-keys.ts), so a new
 * avatar refreshes them all with `userKeys.all`.
 */
export const all = ['user'] as const;
export const me = () => [...all, 'me'] as const;
