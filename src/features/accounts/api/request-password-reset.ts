import { apiRequest } from '../../../api/client.ts';

/** POST /auth/requestpasswordresetemail (spec §7). */
export function requestPasswordReset(email: string) {
  return apiRequest<null>('/auth/requestpasswordresetemail', {
    method: 'POST',
    body: { email },
    noCache: true,
  });
}
