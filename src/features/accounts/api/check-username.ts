import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';

/** POST /auth/usernamecheck (docs/product/api.md "Accounts calls"): success, or the field message of formFieldErrorMessages. */
export function checkUsername(username: string, signal?: AbortSignal) {
  return apiRequest<null>('/auth/usernamecheck', {
    method: 'POST',
    body: { username },
    noCache: true,
    ...(signal ? { signal } : {}),
  });
}

export const usernameCheckQuery = (username: string) =>
  queryOptions({
    queryKey: ['auth', 'usernamecheck', username.toLowerCase()],
    queryFn: ({ signal }) => checkUsername(username, signal),
    staleTime: 30_000,
    retry: false,
  });

export function useUsernameCheck(username: string, enabled: boolean) {
  return useQuery({ ...usernameCheckQuery(username), enabled });
}
