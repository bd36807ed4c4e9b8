import { apiRequest } from '../../../api/client.ts';

/** POST /auth/requestpasswordresetemail (docs/product/api.md "Accounts calls"). */
export function requestPasswordReset(email: string) {
  return apiRequest<null>('/auth/requestpasswordresetemail', {
    method: 'POST',
    body: { email },
    noCache: true,
  });
}
