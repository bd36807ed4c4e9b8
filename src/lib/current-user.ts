import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../api/client.ts';
import type { CurrentUser } from '../api/contract/user.ts';
import * as userKeys from '../api/user-keys.ts';
import { useSession } from './session.ts';

/** GET /user/me, never cached by HTTP (docs/product/api.md "User calls"). Shared: many features read the current user. */
export const currentUserQuery = queryOptions({
  queryKey: userKeys.me(),
  queryFn: () => apiData<CurrentUser>('/user/me', { noCache: true }),
  staleTime: 60_000,
});

/** The signed-in user's profile, or null for anonymous visitors (no request is made for them). */
export function useCurrentUser(): CurrentUser | null {
  const session = useSession();
  const { data } = useQuery({ ...currentUserQuery, enabled: session.signedIn });
  return session.signedIn ? (data ?? null) : null;
}
