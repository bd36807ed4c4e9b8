import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest, ApiFailure } from '../../../api/client.ts';
import type { ProfileImages } from '../../../api/contract/user.ts';
import * as userKeys from '../../../api/user-keys.ts';
import { reloadAllAvatars } from '../../../components/ui/avatar.tsx';
import { currentUserQuery } from '../../../lib/current-user.ts';

export type ProfileImageKind = 'avatar' | 'cover';

/**
 * POST /user/avatarimage or /user/coverimage with upload progress (docs/product/accounts.md
 * "Profile images").
 */
export async function uploadProfileImage(
  kind: ProfileImageKind,
  file: File,
  onProgress: (percent: number) => void,
): Promise<ProfileImages> {
  const form = new FormData();
  form.set(kind, file);
  const reply = await apiRequest<ProfileImages>(
    kind === 'avatar' ? '/user/avatarimage' : '/user/coverimage',
    { body: form, onUploadProgress: onProgress },
  );
  if (!reply.success || !reply.data) throw new ApiFailure(reply);
  return reply.data;
}

export function useUploadProfileImage(kind: ProfileImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress: (percent: number) => void }) =>
      uploadProfileImage(kind, file, onProgress),
    onSuccess: (versions) => {
      queryClient.setQueryData(currentUserQuery.queryKey, (user) =>
        user ? { ...user, ...versions } : user,
      );
      // Lists already on screen still name the old version: the page-wide reload event.
      if (kind === 'avatar') reloadAllAvatars();
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
  });
}
