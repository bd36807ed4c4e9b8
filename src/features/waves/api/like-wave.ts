import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import type { WaveListItem } from '../../../api/contract/wave.ts';

type ListData = InfiniteData<WaveListItem[], string | undefined>;

/** Marks the wave liked in every cached list that shows it. */
function applyLike(data: ListData | undefined, waveName: string): ListData | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) =>
      page.map((wave) =>
        wave.wave_name === waveName && !wave.user_has_liked
          ? {
              ...wave,
              user_has_liked: true,
              likes_count: wave.likes_count + 1,
              approx_likes_count: wave.approx_likes_count + 1,
            }
          : wave,
      ),
    ),
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
  });
}
