import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiFailure } from '../../../api/client.ts';
import type { CurrentUser, ProfileUpdate } from '../../../api/contract/user.ts';
import { currentUserQuery } from '../../../lib/current-user.ts';
import * as profileKeys from '../../../api/profile-keys.ts';

/** POST /user/me as multipart, with TRUE/FALSE booleans (docs/product/api.md "User calls"). */
export async function updateProfile(profile: ProfileUpdate): Promise<CurrentUser> {
  const form = new FormData();
  form.set('displayname', profile.displayname);
  form.set('about', profile.about);
  form.set('private_by_default', profile.private_by_default ? 'TRUE' : 'FALSE');
  form.set('play_beep', profile.play_beep ? 'TRUE' : 'FALSE');
  form.set('usercountrycode', profile.usercountrycode);
  form.set('userregionname', profile.userregionname);
  const reply = await apiRequest<CurrentUser>('/user/me', { body: form, noCache: true });
  if (!reply.success || !reply.data) throw new ApiFailure(reply);
  return reply.data;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (user) => {
      queryClient.setQueryData(currentUserQuery.queryKey, user);
      void queryClient.invalidateQueries({ queryKey: profileKeys.profiles() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.peopleLists() });
    },
  });
}
