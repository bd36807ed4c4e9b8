import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api/client.ts';
import type { IsUserAnonymousData } from '../api/contract/auth.ts';
import { isSignedInLocally, storage } from './storage.ts';

export const isUserAnonymousQuery = queryOptions({
  queryKey: ['auth', 'isuseranonymous'],
  queryFn: async (): Promise<IsUserAnonymousData> => {
    try {
      return await apiData<IsUserAnonymousData>('/auth/isuseranonymous', { noCache: true });
    } catch (error) {
      // Offline (no network, no cached reply): trust what this browser remembers.
      if (error instanceof TypeError) {
        return {
          isAnonymous: !isSignedInLocally(),
          user_id: Number(storage.get('signedIn_user_id') ?? 0),
        };
      }
      throw error;
    }
  },
  staleTime: 60_000,
});

export function useIsUserAnonymous() {
  return useQuery(isUserAnonymousQuery);
}

export interface Session {
  /** False while the server has not answered yet. */
  known: boolean;
  signedIn: boolean;
  userId: number | null;
  username: string | null;
}

/** Who is using the app, as the server sees it (and the stored username for display). */
export function useSession(): Session {
  const { data } = useIsUserAnonymous();
  if (!data) return { known: false, signedIn: false, userId: null, username: null };
  const signedIn = !data.isAnonymous;
  return {
    known: true,
    signedIn,
    userId: signedIn ? data.user_id : null,
    username: signedIn ? storage.get('signedIn_username') : null,
  };
}
