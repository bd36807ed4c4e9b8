import { useQueryClient } from '@tanstack/react-query';
import { clearStorageExcept, KEPT_ON_SIGN_OUT } from '../../../lib/storage.ts';
import { signOut } from '../api/sign-out.ts';

/**
 * Sign-out (docs/product/accounts.md "Sign-out"): call the sign-out endpoint, clear local
 * storage but the device's language, consent and first-run flag, and refresh who is signed in.
 */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return async () => {
    await signOut();
    clearStorageExcept(KEPT_ON_SIGN_OUT);
    await queryClient.invalidateQueries();
  };
}
