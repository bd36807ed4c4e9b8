import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, isNotFound } from './client.ts';
import type { WaveMetadata } from './contract/wave.ts';
import * as waveKeys from './wave-keys.ts';

/** Wave metadata errors (docs/product/api.md "Wave calls"). */
export class WaveMetadataError extends Error {
  constructor(
    message: string,
    readonly kind: 'request' | 'not-found' | 'no-data' | 'refused',
  ) {
    super(message);
  }
}

async function fetchWaveMetadata(waveName: string): Promise<WaveMetadata> {
  let reply;
  try {
    reply = await apiRequest<WaveMetadata[]>(`/wave/metadata/${encodeURIComponent(waveName)}`, {
      noCache: true,
    });
  } catch (error) {
    throw new WaveMetadataError(error instanceof Error ? error.message : String(error), 'request');
  }
  if (isNotFound(reply)) throw new WaveMetadataError('Wave not found', 'not-found');
  if (!reply.success)
    throw new WaveMetadataError(reply.message || 'Failed to retrieve wave data', 'refused');
  const first = reply.data?.[0];
  if (!first) throw new WaveMetadataError('Unknown error getting wave', 'no-data');
  return first;
}

/**
 * GET /wave/metadata/{wave_name} (the first item of the reply's list). Shared: the recorder
 * shows the wave a reply answers, the editor the wave it edits.
 */
export const waveMetadataQuery = (waveName: string) =>
  queryOptions({
    queryKey: waveKeys.metadata(waveName),
    queryFn: () => fetchWaveMetadata(waveName),
    retry: false,
  });

export function useWaveMetadata(waveName: string, enabled = true) {
  return useQuery({ ...waveMetadataQuery(waveName), enabled });
}
