import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { WaveListItem } from '../../../api/contract/wave.ts';

/** A few of the newest waves, to pick one for a test without typing its name. */
export const recentWavesQuery = (language: string) =>
  queryOptions({
    queryKey: ['playertest', 'recent', language],
    queryFn: () =>
      apiData<WaveListItem[]>(`/wave/wavelistpublicnewest/${encodeURIComponent(language)}`, {
        query: { limit: 6 },
      }),
    staleTime: 60_000,
  });

export function useRecentWaves(language: string) {
  return useQuery(recentWavesQuery(language));
}
