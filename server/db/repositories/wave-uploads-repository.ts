import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/**
 * A wave's way from creation to publication, as the recording pipeline moves it:
 * pending_upload → processing (the audio arrived) → published (wave-publisher) or failed.
 * Every step is conditional on the state it leaves, so a step repeated by a retry, a second
 * upload or a second worker changes nothing.
 */
export function waveUploadsRepository(db: Kysely<Database>) {
  return {
    /** The upload arrived: record what was received; false unless the wave was waiting for it. */
    async markReceived(waveId: number, received: { bytes: number; sha256: string }) {
      const result = await db
        .updateTable('waves')
        .set({
          status: 'processing',
          received_bytes: received.bytes,
          received_sha256: received.sha256,
          failure_reason: null,
        })
        .where('id', '=', waveId)
        .where('status', '=', 'pending_upload')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * The audio was refused or could not be processed. Only a wave still on its way fails (a
     * published wave stays published); its size and hash stay when they were received.
     */
    async markFailed(
      waveId: number,
      reason: string,
      received?: { bytes: number; sha256: string } | null,
    ) {
      const result = await db
        .updateTable('waves')
        .set({
          status: 'failed',
          failure_reason: reason.slice(0, 500),
          listed: 0,
          ...(received ? { received_bytes: received.bytes, received_sha256: received.sha256 } : {}),
        })
        .where('id', '=', waveId)
        .where('status', 'in', ['pending_upload', 'processing'])
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
