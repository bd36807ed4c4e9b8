import { msg } from '@lingui/core/macro';
import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiRequest } from './client.ts';
import * as waveKeys from './wave-keys.ts';
import { notify } from '../components/ui/notices.tsx';
import { i18n } from '../lib/i18n.ts';
import { isNetworkError } from '../lib/online-status.ts';
import { translateServerMessage } from '../lib/server-messages.ts';
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
 * POST /wave/like/{wave_name} with { isliked: true }. Applied at once (docs/product/listening.md "Likes": liked, count + 1,
 * the button disappears); the reply is ignored. A plain function rather than
 * useMutation: the mutation machinery would cost the initial bundle ~2 KB for one button.
 */
export async function likeWave(queryClient: QueryClient, waveName: string) {
  queryClient.setQueriesData<ListData>({ queryKey: waveKeys.lists() }, (data) =>
    applyLike(data, waveName),
  );
  try {
    const reply = await apiRequest(`/wave/like/${encodeURIComponent(waveName)}`, {
      method: 'POST',
      body: { isliked: true },
    });
    if (!reply.success) throw new Error(reply.message);
  } catch (error) {
    // Undo the optimistic like and say why, instead of failing silently.
    void queryClient.invalidateQueries({ queryKey: waveKeys.lists() });
    notify(
      isNetworkError(error)
        ? i18n._(msg`You are offline. Liking needs a connection.`)
        : translateServerMessage((error as Error).message),
    );
  }
}

export function useLikeWave() {
  const queryClient = useQueryClient();
  return useCallback((waveName: string) => void likeWave(queryClient, waveName), [queryClient]);
}
