import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import type { UpdateWaveMetadataBody, WaveMetadata } from '../../../api/contract/wave.ts';
import { waveMetadataQuery } from '../../../api/get-wave-metadata.ts';
import * as waveKeys from '../../../api/wave-keys.ts';

/** POST /wave/metadata/{wave_name} with { title }: owner or admin. */
export function useUpdateWaveTitle(waveName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateWaveMetadataBody) =>
      apiRequest<WaveMetadata[]>(`/wave/metadata/${encodeURIComponent(waveName)}`, {
        method: 'POST',
        body,
      }),
    onSuccess: (reply) => {
      if (!reply.success) return;
      void queryClient.invalidateQueries({ queryKey: waveMetadataQuery(waveName).queryKey });
      void queryClient.invalidateQueries({ queryKey: waveKeys.lists() });
    },
  });
}
