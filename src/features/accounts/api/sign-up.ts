import { apiRequest } from '../../../api/client.ts';
import type { SignUpRequest } from '../../../api/contract/auth.ts';

/** POST /auth/signup (spec §7). */
export function signUp(values: SignUpRequest) {
  return apiRequest<null>('/auth/signup', { method: 'POST', body: values, noCache: true });
}
