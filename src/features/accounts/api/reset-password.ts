import { apiRequest } from '../../../api/client.ts';

/** POST /auth/resetpasswordviaemail (docs/product/api.md "Accounts calls"). */
export function resetPassword(values: { password: string; token: string }) {
  return apiRequest<null>('/auth/resetpasswordviaemail', {
    method: 'POST',
    body: values,
    noCache: true,
  });
}
