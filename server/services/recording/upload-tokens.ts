import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WaveRow } from '../../db/repositories/waves-repository.ts';

type TokenFacts = Pick<WaveRow, 'id' | 'wave_name' | 'created_at'>;

/**
 * Upload tokens are derived, not stored: HMAC(server secret, wave id, name, creation time).
 * Nothing secret sits in the database, a retried newwave returns the same token, and a token
 * proves the holder created that one wave (the shared anonymous account cannot).
 */
export function uploadTokens(secret: Uint8Array) {
  const key = createHmac('sha256', secret).update('wave-upload-token').digest();
  const tokenOf = (wave: TokenFacts) =>
    createHmac('sha256', key)
      .update(`${wave.id}\n${wave.wave_name}\n${wave.created_at}`)
      .digest('base64url');
  return {
    tokenOf,
    matches(wave: TokenFacts, token: string | undefined) {
      if (!token) return false;
      const expected = Buffer.from(tokenOf(wave));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
export type UploadTokens = ReturnType<typeof uploadTokens>;
