import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import * as waveKeys from '../../../api/wave-keys.ts';

/** POST /wave/delete/{wave_name} with confirm=delete: owner or admin; replies go with it. */
export function useDeleteWave(waveName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiRequest(`/wave/delete/${encodeURIComponent(waveName)}`, {
        method: 'POST',
        body: { confirm: 'delete' },
      }),
    onSuccess: (reply) => {
      if (reply.success) void queryClient.invalidateQueries({ queryKey: waveKeys.all });
    },
  });
}
