import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../api/client.ts';
import type { WaveThread } from '../../../api/contract/wave.ts';
import * as waveKeys from '../../../api/wave-keys.ts';

export const threadQuery = (waveName: string) =>
  queryOptions({
    queryKey: waveKeys.thread(waveName),
    queryFn: () =>
      apiData<WaveThread>(`/wave/thread/${encodeURIComponent(waveName)}`, {
        query: { limit: 100 },
      }),
  });

export function useThread(waveName: string) {
  return useQuery(threadQuery(waveName));
}
