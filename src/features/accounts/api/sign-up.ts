import { apiRequest } from '../../../api/client.ts';
import type { SignUpRequest } from '../../../api/contract/auth.ts';

/** POST /auth/signup (docs/product/api.md "Accounts calls"). */
export function signUp(values: SignUpRequest) {
  return apiRequest<null>('/auth/signup', { method: 'POST', body: values, noCache: true });
}
