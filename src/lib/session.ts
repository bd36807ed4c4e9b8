import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiData, listenForViewer } from '../api/client.ts';
import type { IsUserAnonymousData } from '../api/contract/auth.ts';
import { afterFirstScreen } from './first-screen.ts';
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

/**
 * How long a feed's first list may take before who-am-I is asked beside it: a slow network's
 * list must not hold up the start-up gate, which shows the screen (with the list loading) once it
 * knows who the visitor is; the first screen itself waits for its data for up to a second.
 */
const SLOW_FIRST_LIST_MS = 500;

/**
 * Who the visitor is, for a feed's first screen, from its list alone: the list's reply says who
 * the server took the caller for (src/api/contract/viewer-header.ts), and that answers the
 * who-am-I query, so the first screen waits for one request, not two (docs/decisions.md "Who the
 * visitor is, from the first list"). GET /auth/isuseranonymous is still asked, once the first
 * screen has been shown; at once after the list if its reply did not say (a copy from the
 * service worker's cache, offline), and beside it if the list is slow (SLOW_FIRST_LIST_MS).
 */
export function learnVisitorFromFirstList(
  queryClient: QueryClient,
  loadFirstList: () => Promise<void>,
  slowListMs = SLOW_FIRST_LIST_MS,
): void {
  let told = false;
  let asked = false;
  const askWhoAmI = () => {
    asked = true;
    void queryClient.prefetchQuery(isUserAnonymousQuery);
  };
  const stopListening = listenForViewer((viewer) => {
    told = true;
    queryClient.setQueryData(isUserAnonymousQuery.queryKey, viewer);
  });
  const slowList = setTimeout(askWhoAmI, slowListMs);
  void loadFirstList().then(() => {
    clearTimeout(slowList);
    stopListening();
    if (!told) askWhoAmI();
    else if (!asked)
      afterFirstScreen(
        () => void queryClient.fetchQuery({ ...isUserAnonymousQuery, staleTime: 0 }),
      );
  });
}

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
