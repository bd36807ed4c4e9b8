import { useQueryClient } from '@tanstack/react-query';
import { forgetSignedInUser, storage } from '../../../lib/storage.ts';
import { signOut } from '../api/sign-out.ts';

/**
 * Spec §2 "/signout": call the sign-out endpoint, clear what local storage holds about the
 * user, and refresh who-is-signed-in. The language, the consent and the player settings stay:
 * they belong to the browser, not to the account.
 */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  return async () => {
    await signOut();
    forgetSignedInUser();
    storage.remove('backToUrl');
    storage.remove('last_used_channel_id');
    storage.remove('phone-return-url');
    await queryClient.invalidateQueries();
  };
}
