import { apiRequest } from '../../../api/client.ts';

/** POST /auth/confirmemail: the e-mailed link /signin?confirm=… lands here. */
export function confirmEmail(token: string) {
  return apiRequest<{ username: string }>('/auth/confirmemail', {
    method: 'POST',
    body: { token },
    noCache: true,
  });
}
