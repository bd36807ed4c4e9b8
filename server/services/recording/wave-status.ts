import type { UploadStatus } from '../../../src/api/contract/recording.ts';
import { waveStatuses, type WaveStatus } from '../../../src/api/contract/recording-limits.ts';
import type { WaveRow } from '../../db/repositories/waves-repository.ts';

/** A wave's progress as its creator sees it (a status this code does not know reads failed). */
export function waveStatusOf(wave: Pick<WaveRow, 'status'>): WaveStatus {
  return (waveStatuses as readonly string[]).includes(wave.status)
    ? (wave.status as WaveStatus)
    : 'failed';
}

/** GET /wave/uploadstatus: what arrived (size and SHA-256, for the uploader) and how it went. */
export function uploadStatusOf(wave: WaveRow): UploadStatus {
  return {
    wave_name: wave.wave_name,
    status: waveStatusOf(wave),
    audio_bytes: wave.received_bytes === null ? null : Number(wave.received_bytes),
    audio_sha256: wave.received_sha256,
    failure_reason: wave.failure_reason,
  };
}
