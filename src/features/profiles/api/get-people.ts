import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import { PEOPLE_DEFAULT_LIMIT } from '../../../api/contract/constants.ts';
import type { Person } from '../../../api/contract/user.ts';
import * as profileKeys from '../../../api/profile-keys.ts';

/** GET /user/users: the people list, keyset paged with `?after=` (a short page is the end). */
export const peopleQuery = (viewerId: number | null) =>
  infiniteQueryOptions({
    queryKey: profileKeys.people(viewerId),
    queryFn: ({ pageParam }) =>
      apiData<Person[]>('/user/users', {
        noCache: true,
        query: { limit: PEOPLE_DEFAULT_LIMIT, after: pageParam },
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) =>
      page.length < PEOPLE_DEFAULT_LIMIT ? undefined : page[page.length - 1]?.cursor,
    staleTime: 30_000,
  });

export function usePeople(viewerId: number | null) {
  return useInfiniteQuery(peopleQuery(viewerId));
}
