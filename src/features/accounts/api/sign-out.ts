import { apiRequest } from '../../../api/client.ts';

/** GET /auth/signout (docs/product/api.md "Accounts calls"): revokes the session and clears the cookie. Never throws. */
export async function signOut(): Promise<void> {
  try {
    await apiRequest<null>('/auth/signout', { noCache: true });
  } catch {
    // Offline or a server error: the local sign-out below still happens.
  }
}
