/**
 * The query keys of the channel lists, which one feature refreshes for another (a new channel
 * shows in the channels page and in the recorder's picker). See wave-keys.ts for the namespace
 * import. A channel looked up by id or name keeps its key in its own query: nothing refreshes it.
 */
export const lists = () => ['channels'] as const;
export const byLanguage = (language: string) => [...lists(), 'bylanguage', language] as const;
export const mostRecent = (language: string) => [...lists(), 'byusermostrecent', language] as const;
