import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { SignInData } from '../../../api/contract/auth.ts';
import { claimAccount, startOver } from '../../../lib/account-scope.ts';
import { accountScope } from '../../../lib/sw-messages.ts';
import { rememberSignedInUser, storage } from '../../../lib/storage.ts';
import { safeBackToUrl } from '../forms/rules.ts';

/**
 * After a successful sign-in (docs/product/accounts.md "Sign-in"): store the user like any user (the guest included),
 * refresh everything that depends on who is signed in (the header first), then go to the
 * stored backToUrl (cleared) or /newest.
 */
export function useCompleteSignIn() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (data: SignInData) => {
    rememberSignedInUser({
      json_web_token: data.json_web_token,
      user_id: data.user_id,
      username: data.username,
    });
    // Another account's private entries leave the device's caches first.
    // (The shared guest has no session: the server keeps answering as the anonymous visitor.)
    await claimAccount(accountScope(data.json_web_token ? data.user_id : null));
    await startOver(queryClient);
    const backTo = safeBackToUrl(storage.get('backToUrl'));
    storage.remove('backToUrl');
    await navigate({ href: backTo ?? '/newest', replace: true });
  };
}
