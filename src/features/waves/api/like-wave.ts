import { msg } from '@lingui/core/macro';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { i18n } from '../../../lib/i18n.ts';
import { apiRequest } from '../../../api/client.ts';
import { notify } from '../../../components/ui/notices.tsx';
import { isNetworkError } from '../../../lib/online-status.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import type { WavePage } from './get-wave-list.ts';

type ListData = InfiniteData<WavePage, string | undefined>;

/** Marks the wave liked in every cached list that shows it. */
function applyLike(data: ListData | undefined, waveName: string): ListData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      waves: page.waves.map((wave) =>
        wave.wave_name === waveName && !wave.user_has_liked
          ? {
              ...wave,
              user_has_liked: true,
              likes_count: wave.likes_count + 1,
              approx_likes_count: wave.approx_likes_count + 1,
            }
          : wave,
      ),
    })),
  };
}

/**
 * POST /wave/like/{wave_name} with { isliked: true }. Applied at once (spec §4: liked, count + 1,
 * the button disappears); the reply is ignored, as the spec says.
 */
export function useLikeWave() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (waveName: string) =>
      apiRequest(`/wave/like/${encodeURIComponent(waveName)}`, {
        method: 'POST',
        body: { isliked: true },
      }),
    onMutate: (waveName) => {
      queryClient.setQueriesData<ListData>({ queryKey: ['waves', 'list'] }, (data) =>
        applyLike(data, waveName),
      );
    },
    onError: (error) => {
      // Undo the optimistic like and say why, instead of failing silently.
      void queryClient.invalidateQueries({ queryKey: ['waves', 'list'] });
      notify(
        isNetworkError(error)
          ? i18n._(msg`You are offline. Liking needs a connection.`)
          : translateServerMessage((error as Error).message),
      );
    },
  });
}
