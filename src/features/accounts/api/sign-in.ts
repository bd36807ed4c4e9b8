import { apiRequest } from '../../../api/client.ts';
import type { SignInData } from '../../../api/contract/auth.ts';

export interface SignInValues {
  email: string;
  password: string;
  /** Sent once the server asked for it after failed sign-ins. */
  captcha?: string | undefined;
}

/** POST /auth/signin (docs/product/api.md "Accounts calls"): the reply as it came; the caller handles every case of docs/product/accounts.md "Sign-in". */
export function signIn(values: SignInValues) {
  return apiRequest<SignInData>('/auth/signin', { method: 'POST', body: values, noCache: true });
}
