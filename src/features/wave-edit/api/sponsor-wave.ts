import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client.ts';
import type { WaveMetadata } from '../../../api/contract/wave.ts';
import { waveMetadataQuery } from '../../../api/get-wave-metadata.ts';
import * as waveKeys from '../../../api/wave-keys.ts';

export interface Sponsorship {
  isSponsored: boolean;
  sponsorName: string;
  logo: File | null;
}

/** POST /wave/sponsor/{wave_name} (site admins), multipart with an optional logo. */
export function useSponsorWave(waveName: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isSponsored, sponsorName, logo }: Sponsorship) => {
      const form = new FormData();
      form.set('is_sponsored', isSponsored ? 'TRUE' : 'FALSE');
      form.set('sponsor_name', sponsorName);
      if (logo) form.set('logo', logo);
      return apiRequest<WaveMetadata[]>(`/wave/sponsor/${encodeURIComponent(waveName)}`, {
        body: form,
      });
    },
    onSuccess: (reply) => {
      if (!reply.success) return;
      void queryClient.invalidateQueries({ queryKey: waveMetadataQuery(waveName).queryKey });
      void queryClient.invalidateQueries({ queryKey: waveKeys.lists() });
    },
  });
}
