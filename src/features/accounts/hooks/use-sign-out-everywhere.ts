import { useQueryClient } from '@tanstack/react-query';
import { claimAccount, startOver } from '../../../lib/account-scope.ts';
import { accountScope } from '../../../lib/sw-messages.ts';
import { clearStorageExcept, KEPT_ON_SIGN_OUT } from '../../../lib/storage.ts';
import { signOut } from '../api/sign-out.ts';

/**
 * Sign-out (docs/product/accounts.md "Sign-out"): call the sign-out endpoint, clear local
 * storage but the device's language, consent and first-run flag, remove the account's private
 * entries from every cache (docs/architecture.md "Private replies"), and refresh who is signed in.
 */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return async () => {
    await signOut();
    await claimAccount(accountScope(null));
    clearStorageExcept(KEPT_ON_SIGN_OUT);
    await startOver(queryClient);
  };
}
