import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isNotFound } from '../../../api/client.ts';
import type { UserInfo } from '../../../api/contract/user.ts';
import * as profileKeys from '../../../api/profile-keys.ts';

/** A failed user lookup: "Request error ..." (docs/product/api.md "Transport rules"), or a missing user. */
export class UserLookupError extends Error {
  constructor(
    readonly kind: 'request' | 'not-found',
    /** What went wrong underneath (a server message or transport error), for the alert. */
    readonly detail: string,
  ) {
    super(kind === 'not-found' ? 'user not found' : `Request error ...${detail}`);
  }
}

async function fetchUserByUsername(username: string): Promise<UserInfo> {
  let reply;
  try {
    reply = await apiRequest<UserInfo>(`/user/byusername/${encodeURIComponent(username)}`, {
      noCache: true,
    });
  } catch (error) {
    throw new UserLookupError('request', (error as Error).message);
  }
  if (isNotFound(reply)) throw new UserLookupError('not-found', reply.message);
  if (!reply.success || !reply.data) {
    throw new UserLookupError('request', reply.message);
  }
  return reply.data;
}

/**
 * GET /user/byusername/{username}: the user page's profile (docs/product/listening.md "User page").
 */
export const userByUsernameQuery = (username: string) =>
  queryOptions({
    queryKey: profileKeys.byUsername(username),
    queryFn: () => fetchUserByUsername(username),
    staleTime: 30_000,
    retry: (count, error) =>
      !(error instanceof UserLookupError && error.kind === 'not-found') && count < 1,
  });

export function useUserByUsername(username: string) {
  return useQuery(userByUsernameQuery(username));
}
