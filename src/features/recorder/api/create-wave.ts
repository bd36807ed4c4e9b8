import { apiRequest, TransportError } from '../../../api/client.ts';
import type { NewWaveBody, NewWaveData } from '../../../api/contract/recording.ts';

export type CreateWaveResult =
  | { kind: 'created'; data: NewWaveData }
  | { kind: 'refused'; message: string; fields: Record<string, string> }
  | { kind: 'offline' };

/**
 * POST /wave/newwave right away when the network is there, so refusals (a reply to a reply, a
 * bad captcha) reach the user on the recorder; without a network the upload queue creates the
 * wave later with the same idempotency key.
 */
export async function createWaveNow(body: NewWaveBody): Promise<CreateWaveResult> {
  try {
    const reply = await apiRequest<NewWaveData>('/wave/newwave', { method: 'POST', body });
    if (reply.success && reply.data) return { kind: 'created', data: reply.data };
    return { kind: 'refused', message: reply.message, fields: reply.formFieldErrorMessages };
  } catch (error) {
    if (error instanceof TransportError)
      return { kind: 'refused', message: error.message, fields: {} };
    return { kind: 'offline' };
  }
}
