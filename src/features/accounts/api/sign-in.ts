import { apiRequest } from '../../../api/client.ts';
import type { SignInData } from '../../../api/contract/auth.ts';

export interface SignInValues {
  email: string;
  password: string;
}

/** POST /auth/signin (spec §7): the reply as it came, the caller handles every §8 case. */
export function signIn(values: SignInValues) {
  return apiRequest<SignInData>('/auth/signin', { method: 'POST', body: values, noCache: true });
}
